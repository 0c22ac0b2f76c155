import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { useCustomerRewards } from './api.ts';

/** The rewards the customer took, newest first: each with its points, what it took off, and its sale. */
export function CustomerRewardsUsed({ customerId }: { customerId: number }) {
  const [page, setPage] = useState(1);
  const rewards = useCustomerRewards(customerId, page);
  const money = useMoney();
  const dates = useDateFormat();
  return (
    <Block title="Rewards used">
      {rewards.isPending ? (
        <Spinner className="size-6" />
      ) : rewards.isError ? (
        <Alert tone="error">{errorMessageOf(rewards.error)}</Alert>
      ) : rewards.data.data.length === 0 ? (
        <p className="text-sm text-gray-600">No rewards used yet. Rewards taken at the till show here with their sale.</p>
      ) : (
        <>
          <ul aria-label="Rewards used" className="divide-y divide-gray-100">
            {rewards.data.data.map((r) => (
              <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
                <span className="font-medium text-gray-900">
                  {r.rewardName}
                  {r.status !== 'paid' && (
                    <span className="ml-2 text-xs font-normal text-gray-500">{r.status === 'refunded' ? '(sale refunded, points given back)' : '(sale partly refunded)'}</span>
                  )}
                </span>
                <span className="tabular-nums text-gray-700">
                  {r.rewardPoints.toLocaleString()} points
                  {r.rewardDiscount > 0 && <> · {money.format(r.rewardDiscount)} off</>}
                </span>
                <Link to={`/orders/${r.id}`} className="font-mono font-semibold text-indigo-700 hover:underline">
                  {r.number}
                </Link>
                <span className="whitespace-nowrap text-gray-600">{dates.dateTime(r.createdAt)}</span>
              </li>
            ))}
          </ul>
          <Pagination meta={rewards.data.meta} onPageChange={setPage} noun="rewards" />
        </>
      )}
    </Block>
  );
}
