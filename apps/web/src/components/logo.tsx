import logoUrl from '../assets/logo.svg';
import { cn } from '../lib/class-names.ts';

type LogoProps = { className?: string };

/** The business logo: the Tillbook wordmark with its receipt glyph. */
export function Logo({ className }: LogoProps) {
  return <img src={logoUrl} alt="Tillbook logo" width={176} height={40} className={cn('h-10 w-auto', className)} />;
}
