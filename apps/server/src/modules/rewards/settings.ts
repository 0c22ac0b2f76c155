import { defaultRewardSettings, type RewardSettings, type RewardSettingsValues, type RewardSettingsView } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditActor } from '../audit/service.ts';
import { auditSettingsChange, readSetting, writeSetting } from '../settings/service.ts';
import { findCategoryNames, findProductTitles } from './queries.ts';

const REWARDS_KEY = 'rewards';

/** The shop's loyalty rules: what is stored under the `rewards` key over the defaults (loyalty off). */
export async function getRewardSettings(db: DbOrTx): Promise<RewardSettings> {
  const stored = ((await readSetting(db, REWARDS_KEY)) ?? {}) as Partial<RewardSettings>;
  return {
    earning: { ...defaultRewardSettings.earning, ...stored.earning },
    redemption: { ...defaultRewardSettings.redemption, ...stored.redemption },
    expiry: { ...defaultRewardSettings.expiry, ...stored.expiry },
  };
}

/** PUT /api/settings/rewards: replaces the rules as a whole. */
export async function updateRewardSettings(db: DbOrTx, values: RewardSettingsValues, actor?: AuditActor): Promise<RewardSettings> {
  const next: RewardSettings = { earning: values.earning, redemption: values.redemption, expiry: values.expiry };
  await db.transaction(async (tx) => {
    const before = await getRewardSettings(tx);
    await writeSetting(tx, REWARDS_KEY, next);
    await auditSettingsChange(tx, actor, 'rewards', before, next);
  });
  return next;
}

/** The rules with the excluded categories and products by name (one removed since is left out of the names). */
export async function getRewardSettingsView(db: DbOrTx): Promise<RewardSettingsView> {
  const settings = await getRewardSettings(db);
  const [excludedCategories, excludedProducts] = await Promise.all([
    findCategoryNames(db, settings.earning.excludedCategoryIds),
    findProductTitles(db, settings.earning.excludedProductIds),
  ]);
  return { ...settings, excludedCategories, excludedProducts };
}

/** Saves the rules once every excluded category and product exists (422 on the list otherwise). */
export async function saveRewardSettings(db: DbOrTx, values: RewardSettingsValues, actor?: AuditActor): Promise<RewardSettingsView> {
  const { excludedCategoryIds, excludedProductIds } = values.earning;
  const [foundCategories, foundProducts] = await Promise.all([findCategoryNames(db, excludedCategoryIds), findProductTitles(db, excludedProductIds)]);
  const errors: Record<string, string[]> = {};
  if (foundCategories.length !== excludedCategoryIds.length) errors['earning.excludedCategoryIds'] = ['One of the chosen categories does not exist.'];
  if (foundProducts.length !== excludedProductIds.length) errors['earning.excludedProductIds'] = ['One of the chosen products does not exist.'];
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  await updateRewardSettings(db, values, actor);
  return getRewardSettingsView(db);
}
