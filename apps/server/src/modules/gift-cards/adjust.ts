import { formatGiftCardCode, moneyFormatterOf, type GiftCardDetail } from '@tillbook/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { giftCardEntries, giftCards } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { getShopSettings } from '../settings/service.ts';
import { getGiftCard } from './read.ts';

/**
 * POST /api/gift-cards/{id}/adjust: an administrator corrects a card's balance (a positive delta
 * adds, a negative one takes) with a reason: an "adjusted" entry and an audit row, at once. The
 * balance moves in one guarded UPDATE, so a sale spending the card at the same moment can never
 * take it below zero with the adjustment. `loaded` stays what sales loaded: an adjustment is a
 * correction, not money taken. An expired card may be adjusted (its balance stays on record).
 */
export async function adjustGiftCard(db: DbOrTx, id: number, input: { delta: number; reason: string }, actor: AuditActor): Promise<GiftCardDetail> {
  const format = moneyFormatterOf(await getShopSettings(db));
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(giftCards)
      .set({ balance: sql`${giftCards.balance} + ${input.delta}`, updatedAt: sql`now()` })
      .where(sql`${giftCards.id} = ${id} and ${giftCards.balance} + ${input.delta} >= 0`)
      .returning({ code: giftCards.code, balance: giftCards.balance });
    if (!changed) {
      const [card] = await tx.select({ balance: giftCards.balance }).from(giftCards).where(eq(giftCards.id, id));
      if (!card) throw AppError.notFound();
      throw AppError.validation({ delta: [`The balance is only ${format(card.balance)}: the adjustment may take at most that.`] });
    }
    await tx.insert(giftCardEntries).values({
      giftCardId: id,
      kind: 'adjusted',
      delta: input.delta,
      balanceAfter: changed.balance,
      userId: actor.id,
      reason: input.reason,
    });
    const signed = `${input.delta > 0 ? '+' : '-'}${format(Math.abs(input.delta))}`;
    await recordAudit(tx, actor, {
      action: 'gift_card.adjust',
      summary: `Gift card ${formatGiftCardCode(changed.code)} ${signed}: ${input.reason}`,
      subject: { type: 'gift_card', id },
      before: { balance: changed.balance - input.delta },
      after: { balance: changed.balance },
    });
  });
  return getGiftCard(db, id);
}
