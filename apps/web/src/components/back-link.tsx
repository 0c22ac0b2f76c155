import { Link } from 'react-router';

/** "← Taxes": the way back from a record's screen to its list, above the title. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="text-indigo-700 hover:underline">
      ← {children}
    </Link>
  );
}
