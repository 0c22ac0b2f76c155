import type { Reward } from '@tillbook/contract';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/button-link.tsx';
import { nameColumn, rowActionClass } from '../../components/resource-list-columns.tsx';
import { ResourceListPage } from '../../components/resource-list-page.tsx';
import { listFilter, type ResourceList } from '../../components/resource-list.ts';
import { errorMessageOf } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { useMoney, useShopSettings } from '../../lib/shop-settings.ts';
import { useArchiveReward, useDeleteReward, useRewards } from './api.ts';
import { rewardDatesOf, RewardStateBadge, rewardStateChoices, rewardValueOf } from './reward-display.tsx';

const settingsPath = '/settings/rewards?tab=points';

const stateFilter = listFilter('state', 'State', 'All states', rewardStateChoices);

/** Archive or Restore, beside Edit: a reward that was used keeps its history, so archiving is how it leaves the till. */
function ArchiveAction({ reward }: { reward: Reward }) {
  const archive = useArchiveReward();
  const isArchiving = !reward.archived;
  return (
    <button
      type="button"
      className={rowActionClass}
      disabled={archive.isPending}
      aria-label={`${isArchiving ? 'Archive' : 'Restore'} ${reward.name}`}
      onClick={() =>
        archive.mutate(
          { id: reward.id, archived: isArchiving },
          {
            onSuccess: () => notify.success(isArchiving ? `Reward “${reward.name}” archived.` : `Reward “${reward.name}” restored.`),
            onError: (error) => notify.error(errorMessageOf(error)),
          },
        )
      }
    >
      {isArchiving ? 'Archive' : 'Restore'}
    </button>
  );
}

const rewardList: ResourceList<Reward> = {
  title: 'Rewards',
  description: 'What customers can take for their points at the till: an amount or a percentage off the sale, or a product free.',
  noun: 'rewards',
  basePath: '/rewards',
  searchPlaceholder: 'Search by name',
  defaultSort: 'points',
  labelOf: (r) => r.name,
  useFilters: () => [stateFilter],
  useRows: useRewards,
  actions: () => (
    <ButtonLink to={settingsPath} variant="secondary">
      Reward settings
    </ButtonLink>
  ),
  useColumns: () => {
    const money = useMoney();
    const { locale } = useShopSettings();
    return [
      nameColumn({ basePath: '/rewards', nameOf: (r) => r.name }),
      { key: 'value', header: 'Gives', cell: (r) => rewardValueOf(r, money.format) },
      { key: 'points', header: 'Points needed', sortKey: 'points', align: 'right', cell: (r) => r.points.toLocaleString(locale) },
      { key: 'dates', header: 'Dates', cell: (r) => <span className="whitespace-nowrap">{rewardDatesOf(r, locale)}</span> },
      { key: 'state', header: 'State', cell: (r) => <RewardStateBadge state={r.state} /> },
      { key: 'used', header: 'Times used', align: 'right', cell: (r) => r.timesUsed.toLocaleString(locale) },
    ];
  },
  rowActions: (r) => <ArchiveAction reward={r} />,
  remove: {
    useDelete: useDeleteReward,
    title: 'Delete this reward?',
    warning: (r) => <>{r.name} will be removed. A reward that sales have used cannot be deleted: archive it instead, and its history stays.</>,
    deletedMessage: (r) => `Reward “${r.name}” deleted.`,
  },
  noMatchMessage: 'No rewards match this search.',
  emptyMessage: (
    <>
      No rewards yet. A reward is what a customer takes for points at the till, e.g. 1.00 off for 100 points or a free coffee for 500.{' '}
      <Link to="/rewards/new" className="text-link">
        Add the first one
      </Link>
      .{' '}
      <span className="block pt-1">
        Set how customers earn points in{' '}
        <Link to={settingsPath} className="text-link">
          Settings › Rewards
        </Link>
        .
      </span>
    </>
  ),
};

/** /rewards: every reward with what it gives, its points, dates, state and uses. */
export function RewardListPage() {
  return <ResourceListPage config={rewardList} />;
}
