import {
  defaultShopSettings,
  systemTimeZone,
  type ShopSettings,
  type cashboxSettingsInput,
  type cashierRightsInput,
  type giftCardSettingsInput,
  type generalSettingsInput,
  type productSettingsInput,
  type sellingSettingsInput,
  type taxSettingsInput,
} from '@tillbook/contract';
import type { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { parsedJson } from '../../db/execute.ts';
import { settings } from '../../db/schema/index.ts';
import { mediaUrl } from '../../lib/media.ts';
import { rebuildSummaries } from '../analytics/service.ts';
import type { AuditActor } from '../audit/service.ts';
import { auditSettingsChange } from './audit.ts';
import { addSettingFieldIfMissing, findSettingValue, upsertSetting } from './queries.ts';

const SHOP_KEY = 'shop';

/** What is stored under the `shop` key: the settings, with the logo as a file name. */
type StoredShop = Omit<ShopSettings, 'logoUrl'> & { logoFile: string | null };

async function findStored(db: DbOrTx): Promise<Partial<StoredShop> | undefined> {
  return (await findSettingValue(db, SHOP_KEY)) as Partial<StoredShop> | undefined;
}

/** The stored settings over the defaults; a shop that has chosen no time zone is in the server's. */
async function readStored(db: DbOrTx): Promise<StoredShop> {
  return storedOver(await findStored(db));
}

function storedOver(found: Partial<StoredShop> | null | undefined): StoredShop {
  const { logoUrl: _ignored, ...defaults } = defaultShopSettings;
  const stored = found ?? {};
  // Rights added after a shop saved its own keep their defaults.
  const cashierRights = { ...defaults.cashierRights, ...(stored.cashierRights ?? {}) };
  const giftCards = { ...defaults.giftCards, ...(stored.giftCards ?? {}) };
  return { ...defaults, timeZone: systemTimeZone(), logoFile: null, ...stored, cashierRights, giftCards };
}

/** A save of one section of the settings by someone, for the audit log. */
type Change = { section: string; actor: AuditActor | undefined };

/**
 * Writes the patch over the stored settings and records what it changed, in one transaction. Every
 * route passes the section and the actor; without them the row names the section "shop" and no one.
 */
async function writeStored(
  db: DbOrTx,
  patch: Partial<StoredShop>,
  change: Change = { section: 'shop', actor: undefined },
): Promise<{ before: StoredShop; next: StoredShop }> {
  return db.transaction(async (tx) => {
    const before = await readStored(tx);
    const next = { ...before, ...patch };
    await upsertSetting(tx, SHOP_KEY, next);
    if (change.section === 'cashier-rights') await auditSettingsChange(tx, change.actor, change.section, before.cashierRights, next.cashierRights);
    else if (change.section === 'gift-cards') await auditSettingsChange(tx, change.actor, change.section, before.giftCards, next.giftCards);
    else await auditSettingsChange(tx, change.actor, change.section, before, next, Object.keys(patch));
    return { before, next };
  });
}

/** Other areas' settings saves (rewards) record their changes the same way. */
export { auditSettingsChange };

function toSettings({ logoFile, ...rest }: StoredShop): ShopSettings {
  return { ...rest, logoUrl: logoFile ? mediaUrl(logoFile) : null };
}

export async function getShopSettings(db: DbOrTx): Promise<ShopSettings> {
  return toSettings(await readStored(db));
}

/**
 * The shop's settings as a column of another statement (`shopSettingsOf` reads its value): a route
 * that needs them beside its first read makes one round trip fewer (docs/performance.md).
 */
export function shopSettingsColumn(): SQL {
  return sql`(select s.value from ${settings} s where s.key = ${SHOP_KEY})`;
}

/** The settings from the value of `shopSettingsColumn` (JSON, or its text on some drivers). */
export function shopSettingsOf(value: unknown): ShopSettings {
  const found = parsedJson<Partial<StoredShop>>(value);
  return toSettings(storedOver(found));
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
export async function updateGeneralSettings(db: DbOrTx, input: z.output<typeof generalSettingsInput>, actor?: AuditActor): Promise<ShopSettings> {
  const { timeZone, ...rest } = input;
  await db.transaction(async (tx) => {
    // Left out, the shop keeps its zone.
    const { before } = await writeStored(tx, timeZone === undefined ? rest : { ...rest, timeZone }, { section: 'general', actor });
    if (timeZone !== undefined && timeZone !== before.timeZone) await rebuildSummaries(tx);
  });
  return getShopSettings(db);
}

export async function updateProductSettings(db: DbOrTx, input: z.output<typeof productSettingsInput>, actor?: AuditActor): Promise<ShopSettings> {
  // The route has checked that each default tax exists and is active (taxes/service.ts).
  await writeStored(db, { ...input, defaultTaxIds: [...new Set(input.defaultTaxIds)] }, { section: 'products', actor });
  return getShopSettings(db);
}

export async function updateCashboxSettings(db: DbOrTx, input: z.output<typeof cashboxSettingsInput>, actor?: AuditActor): Promise<ShopSettings> {
  await writeStored(db, input, { section: 'cashbox', actor });
  return getShopSettings(db);
}

export async function updateSellingSettings(db: DbOrTx, input: z.output<typeof sellingSettingsInput>, actor?: AuditActor): Promise<ShopSettings> {
  await writeStored(db, input, { section: 'selling', actor });
  return getShopSettings(db);
}

/** What a cashier may do without an administrator's approval; the services read it at each action. */
export async function updateCashierRights(db: DbOrTx, input: z.output<typeof cashierRightsInput>, actor?: AuditActor): Promise<ShopSettings> {
  await writeStored(db, { cashierRights: input }, { section: 'cashier-rights', actor });
  return getShopSettings(db);
}

/** How long gift cards sold from now keep their balance; cards sold before keep their own expiry. */
export async function updateGiftCardSettings(db: DbOrTx, input: z.output<typeof giftCardSettingsInput>, actor?: AuditActor): Promise<ShopSettings> {
  await writeStored(db, { giftCards: input }, { section: 'gift-cards', actor });
  return getShopSettings(db);
}

/** How sales round their taxes from now on; orders already made keep the figures they were sold at. */
export async function updateTaxSettings(db: DbOrTx, input: z.output<typeof taxSettingsInput>, actor?: AuditActor): Promise<ShopSettings> {
  await writeStored(db, input, { section: 'taxes', actor });
  return getShopSettings(db);
}

/** Sets the logo file and returns the one it replaced, for the caller to delete. */
export async function replaceLogo(db: DbOrTx, fileName: string | null, actor?: AuditActor): Promise<string | null> {
  const { before } = await writeStored(db, { logoFile: fileName }, { section: 'logo', actor });
  return before.logoFile;
}

/** A setting stored under its own key (another area's settings: `rewards`), or undefined when never saved. */
export async function readSetting(db: DbOrTx, key: string): Promise<unknown> {
  return findSettingValue(db, key);
}

/** Stores a setting under its own key, replacing what was there. */
export async function writeSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await upsertSetting(db, key, value);
}
