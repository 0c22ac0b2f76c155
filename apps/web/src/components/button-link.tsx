import type { KeyboardEvent, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { buttonClasses, type ButtonVariant } from './ui/button.tsx';

type ButtonLinkProps = LinkProps & { variant?: ButtonVariant };

/**
 * A command that goes to another screen ("Add New", "Cancel"): one focusable element, announced
 * as the button it looks like, that still opens in a new tab or copies as a link. It replaces a
 * button wrapped in a link, which put two controls in the page for one command.
 */
export function ButtonLink({ variant = 'primary', className, onKeyDown, ...props }: ButtonLinkProps) {
  function pressWithSpace(event: KeyboardEvent<HTMLAnchorElement>) {
    onKeyDown?.(event);
    // A button is pressed with Space as well as Enter; a link only follows Enter by itself.
    if (!event.defaultPrevented && event.key === ' ') {
      event.preventDefault();
      event.currentTarget.click();
    }
  }
  return <Link role="button" className={buttonClasses(variant, className)} onKeyDown={pressWithSpace} {...props} />;
}

/** A file the server makes ("Export CSV"): a plain link to the download, dressed as a secondary command. */
export function DownloadLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-700 uppercase shadow-sm hover:bg-gray-50">
      {children}
    </a>
  );
}
