import { labelPreferences, type LabelPreferences } from '@tillbook/contract';

/** The last layout and fields a user printed with, kept in this browser under the user's id. */
export function preferencesKey(userId: number): string {
  return `labels:${userId}`;
}

export function readPreferences(userId: number | undefined): LabelPreferences | null {
  if (userId === undefined) return null;
  try {
    const raw = window.localStorage.getItem(preferencesKey(userId));
    const parsed = labelPreferences.safeParse(raw ? JSON.parse(raw) : null);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function savePreferences(userId: number | undefined, preferences: LabelPreferences): void {
  if (userId === undefined) return;
  try {
    window.localStorage.setItem(preferencesKey(userId), JSON.stringify(preferences));
  } catch {
    // Without storage the choice is simply not remembered.
  }
}
