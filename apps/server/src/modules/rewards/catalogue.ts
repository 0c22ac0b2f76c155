import { formatPercent, localToday, rewardStateOf, type Reward, type RewardValues, type rewardListQuery } from '@tillbook/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { RewardRow } from '../../db/schema/index.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import type { Page } from '../../lib/list.ts';
import { getShopTimeZone } from '../settings/service.ts';
import {
  countRewardUses,
  deleteRewardById,
  findAvailableRewardRows,
  findRewardPage,
  findRewardRowById,
  findVariantFacts,
  findVariantStatus,
  insertReward,
  setRewardArchived,
  updateRewardById,
  type RewardColumns,
} from './queries.ts';

const missingVariant = 'The chosen product does not exist.';

/** The shop's day now: what a reward's dates are read against. */
async function shopToday(db: DbOrTx): Promise<string> {
  return localToday(await getShopTimeZone(db));
}

/** Rows as the contract's rewards: state on `today`, the variant given and the sales that took each. */
async function toRewards(db: DbOrTx, rows: RewardRow[], today: string): Promise<Reward[]> {
  const variantIds = rows.map((row) => row.variantId).filter((id): id is number => id !== null);
  const [uses, variants] = await Promise.all([
    countRewardUses(
      db,
      rows.map((row) => row.id),
    ),
    findVariantFacts(db, variantIds),
  ]);
  return rows.map(({ archivedAt, ...row }) => {
    const archived = archivedAt !== null;
    return {
      ...row,
      rate: row.kind === 'percentage' ? formatPercent(row.rateE4) : null,
      variant: row.variantId === null ? null : (variants.get(row.variantId) ?? null),
      archived,
      state: rewardStateOf({ ...row, archived }, today),
      timesUsed: uses.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

async function toReward(db: DbOrTx, row: RewardRow): Promise<Reward> {
  const [reward] = await toRewards(db, [row], await shopToday(db));
  if (!reward) throw new Error('A reward row gave no reward');
  return reward;
}

/** GET /api/rewards: search by name, sort, filter by state (archived ones only on request). */
export async function listRewards(db: DbOrTx, query: z.output<typeof rewardListQuery>): Promise<Page<Reward>> {
  const today = await shopToday(db);
  const page = await findRewardPage(db, query, today);
  return { ...page, data: await toRewards(db, page.data, today) };
}

export async function getReward(db: DbOrTx, id: number): Promise<Reward> {
  const row = await findRewardRowById(db, id);
  if (!row) throw AppError.notFound();
  return toReward(db, row);
}

/**
 * The reward a sale takes, whatever its state (archived, ended…), or undefined when there is no
 * such reward: the sale decides with isRewardAvailable whether it may be taken today.
 */
export async function findRewardForSale(db: DbOrTx, id: number): Promise<Reward | undefined> {
  const row = await findRewardRowById(db, id);
  return row ? toReward(db, row) : undefined;
}

/** The rewards a customer may take on the shop's day `today` (active, inside their dates), fewest points first. */
export async function listAvailableRewards(db: DbOrTx, today: string): Promise<Reward[]> {
  return toRewards(db, await findAvailableRewardRows(db, today), today);
}

/** A free product must be a variant that is on sale: it exists, is active and its product is not archived. */
async function assertVariant(db: DbOrTx, values: RewardValues): Promise<void> {
  if (values.kind !== 'product' || values.variantId === null) return;
  const variant = await findVariantStatus(db, values.variantId);
  const message = !variant
    ? missingVariant
    : variant.productStatus === 'archived'
      ? 'This product is archived. Choose a product that is on sale.'
      : !variant.active
        ? 'This variant is inactive. Choose one that is on sale.'
        : null;
  if (message) throw AppError.validation({ variantId: [message] });
}

function columnsOf(values: RewardValues): RewardColumns {
  return {
    name: values.name,
    kind: values.kind,
    amount: values.amount,
    rateE4: values.rateE4,
    variantId: values.variantId,
    points: values.points,
    startsOn: values.startsOn,
    endsOn: values.endsOn,
    active: values.active,
  };
}

/** The variant was removed between the check and the write: still a 422 on the field. */
function rethrowMissingVariant(error: unknown): never {
  if (isForeignKeyViolation(error)) throw AppError.validation({ variantId: [missingVariant] });
  throw error;
}

export async function createReward(db: DbOrTx, values: RewardValues): Promise<Reward> {
  await assertVariant(db, values);
  const id = await insertReward(db, columnsOf(values)).catch(rethrowMissingVariant);
  if (id === undefined) throw new Error('Inserting a reward returned no row');
  return getReward(db, id);
}

/** Sales that took the reward keep its name and points as they were (orders.reward_name, reward_points). */
export async function updateReward(db: DbOrTx, id: number, values: RewardValues): Promise<Reward> {
  await getReward(db, id);
  await assertVariant(db, values);
  await updateRewardById(db, id, columnsOf(values)).catch(rethrowMissingVariant);
  return getReward(db, id);
}

/** Archived: off the till and out of the list, its history kept. Restoring brings it back as it was. */
export async function setRewardArchivedState(db: DbOrTx, id: number, archived: boolean): Promise<Reward> {
  await getReward(db, id);
  await setRewardArchived(db, id, archived);
  return getReward(db, id);
}

function usedMessage(count: number): string {
  return `This reward was taken in ${count} ${count === 1 ? 'sale' : 'sales'}, so it cannot be deleted. Archive it instead: its sales keep their history.`;
}

/** Only a reward no sale took may be deleted (409 otherwise). */
export async function deleteReward(db: DbOrTx, id: number): Promise<void> {
  const current = await getReward(db, id);
  if (current.timesUsed > 0) throw AppError.conflict(usedMessage(current.timesUsed));
  await deleteRewardById(db, id).catch((error: unknown) => {
    // A sale took it between the check and the delete.
    if (isForeignKeyViolation(error)) throw AppError.conflict(usedMessage(1));
    throw error;
  });
}
