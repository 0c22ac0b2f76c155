import {
  defaultShopSettings,
  systemTimeZone,
  type ShopSettings,
  type cashboxSettingsInput,
  type cashierRightsInput,
  type generalSettingsInput,
  type productSettingsInput,
  type sellingSettingsInput,
  type taxSettingsInput,
} from '@tillbook/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { mediaUrl } from '../../lib/media.ts';
import { rebuildSummaries } from '../analytics/service.ts';
import { addSettingFieldIfMissing, findSettingValue, upsertSetting } from './queries.ts';

const SHOP_KEY = 'shop';

/** What is stored under the `shop` key: the settings, with the logo as a file name. */
type StoredShop = Omit<ShopSettings, 'logoUrl'> & { logoFile: string | null };

async function findStored(db: DbOrTx): Promise<Partial<StoredShop> | undefined> {
  return (await findSettingValue(db, SHOP_KEY)) as Partial<StoredShop> | undefined;
}

/** The stored settings over the defaults; a shop that has chosen no time zone is in the server's. */
async function readStored(db: DbOrTx): Promise<StoredShop> {
  const { logoUrl: _ignored, ...defaults } = defaultShopSettings;
  const stored = (await findStored(db)) ?? {};
  // Rights added after a shop saved its own keep their defaults.
  const cashierRights = { ...defaults.cashierRights, ...(stored.cashierRights ?? {}) };
  return { ...defaults, timeZone: systemTimeZone(), logoFile: null, ...stored, cashierRights };
}

async function writeStored(db: DbOrTx, patch: Partial<StoredShop>): Promise<void> {
  const next = { ...(await readStored(db)), ...patch };
  await upsertSetting(db, SHOP_KEY, next);
}

function toSettings({ logoFile, ...rest }: StoredShop): ShopSettings {
  return { ...rest, logoUrl: logoFile ? mediaUrl(logoFile) : null };
}

export async function getShopSettings(db: DbOrTx): Promise<ShopSettings> {
  return toSettings(await readStored(db));
}

/** The shop's IANA time zone: what its days, receipts, Z reports and e-mails count in. */
export async function getShopTimeZone(db: DbOrTx): Promise<string> {
  return (await readStored(db)).timeZone;
}

/**
 * On start-up: writes the server's zone into the stored `shop` settings when they name none, so
 * the database (reports' summaries read `settings.value->>'timeZone'` under the key 'shop') and
 * every process agree on the shop's days even if the server later moves to another zone.
 */
export async function ensureShopTimeZone(db: DbOrTx): Promise<void> {
  // The summaries were made in the database's zone until now (decision 020): count them again in the shop's.
  if (await addSettingFieldIfMissing(db, SHOP_KEY, 'timeZone', systemTimeZone())) await rebuildSummaries(db);
}

/**
 * A new time zone moves every sale to the day and hour it had in that zone: the reports' summaries
 * are rebuilt in the same transaction (decision 020), so no report ever mixes two zones.
 */
export async function updateGeneralSettings(db: DbOrTx, input: z.output<typeof generalSettingsInput>): Promise<ShopSettings> {
  const { timeZone, ...rest } = input;
  await db.transaction(async (tx) => {
    const before = await readStored(tx);
    // Left out, the shop keeps its zone.
    await writeStored(tx, timeZone === undefined ? rest : { ...rest, timeZone });
    if (timeZone !== undefined && timeZone !== before.timeZone) await rebuildSummaries(tx);
  });
  return getShopSettings(db);
}

export async function updateProductSettings(db: DbOrTx, input: z.output<typeof productSettingsInput>): Promise<ShopSettings> {
  // The route has checked that each default tax exists and is active (taxes/service.ts).
  await writeStored(db, { ...input, defaultTaxIds: [...new Set(input.defaultTaxIds)] });
  return getShopSettings(db);
}

export async function updateCashboxSettings(db: DbOrTx, input: z.output<typeof cashboxSettingsInput>): Promise<ShopSettings> {
  await writeStored(db, input);
  return getShopSettings(db);
}

export async function updateSellingSettings(db: DbOrTx, input: z.output<typeof sellingSettingsInput>): Promise<ShopSettings> {
  await writeStored(db, input);
  return getShopSettings(db);
}

/** What a cashier may do without an administrator's approval; the services read it at each action. */
export async function updateCashierRights(db: DbOrTx, input: z.output<typeof cashierRightsInput>): Promise<ShopSettings> {
  await writeStored(db, { cashierRights: input });
  return getShopSettings(db);
}

/** How sales round their taxes from now on; orders already made keep the figures they were sold at. */
export async function updateTaxSettings(db: DbOrTx, input: z.output<typeof taxSettingsInput>): Promise<ShopSettings> {
  await writeStored(db, input);
  return getShopSettings(db);
}

/** Sets the logo file and returns the one it replaced, for the caller to delete. */
export async function replaceLogo(db: DbOrTx, fileName: string | null): Promise<string | null> {
  const previous = (await readStored(db)).logoFile;
  await writeStored(db, { logoFile: fileName });
  return previous;
}

/** A setting stored under its own key (another area's settings: `rewards`), or undefined when never saved. */
export async function readSetting(db: DbOrTx, key: string): Promise<unknown> {
  return findSettingValue(db, key);
}

/** Stores a setting under its own key, replacing what was there. */
export async function writeSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await upsertSetting(db, key, value);
}
