import type { ReactNode } from 'react';

type PageHeaderProps = { title: string; description?: ReactNode; actions?: ReactNode; back?: ReactNode };

/** The title row of a screen: title (also the browser tab's), a line of help, and actions. */
export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <title>{`${title} · Tillbook`}</title>
      <div className="min-w-0">
        {back && <div className="mb-1 text-sm">{back}</div>}
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-gray-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </header>
  );
}

/** The content column every screen sits in. */
export function Page({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <div className={wide ? 'px-8 py-8' : 'mx-auto max-w-6xl px-8 py-8'}>{children}</div>;
}
