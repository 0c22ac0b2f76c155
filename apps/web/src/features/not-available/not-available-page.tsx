import { Block } from '../../components/ui/block.tsx';

type NotAvailablePageProps = { title: string };

/** Stands in for a screen that is routed but not built yet, inside the shell. */
export function NotAvailablePage({ title }: NotAvailablePageProps) {
  return (
    <div className="mx-auto max-w-6xl px-8 py-8">
      <title>{`${title} · Tillbook`}</title>
      <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{title}</h1>
      <Block className="mt-6">
        <p className="text-sm text-gray-600">This screen is not available yet.</p>
      </Block>
    </div>
  );
}
