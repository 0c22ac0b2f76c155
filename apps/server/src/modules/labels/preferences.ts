import { labelPreferences, type LabelPreferences } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import { readSetting, writeSetting } from '../settings/service.ts';

/** The last layout and fields a user printed with, kept in the settings under their own key. */
const keyOf = (userId: number) => `labels:user:${userId}`;

/** A user's remembered layout and fields, or null when they never printed (or the layout no longer exists). */
export async function getLabelPreferences(db: DbOrTx, userId: number): Promise<LabelPreferences | null> {
  const parsed = labelPreferences.safeParse(await readSetting(db, keyOf(userId)));
  return parsed.success ? parsed.data : null;
}

export async function saveLabelPreferences(db: DbOrTx, userId: number, values: LabelPreferences): Promise<LabelPreferences> {
  const stored: LabelPreferences = { layout: values.layout, fields: values.fields };
  await writeSetting(db, keyOf(userId), stored);
  return stored;
}
