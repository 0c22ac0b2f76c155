import { suggestRegisterSlug } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import { DEFAULT_RECEIPT_TEMPLATE_NAME, ensureDefaultReceiptTemplate } from '../modules/receipts/service.ts';
import type { Db } from '../db/client.ts';
import { outlets, receiptTemplates, registers } from '../db/schema/index.ts';

/**
 * Demo receipts and registers: the default template, a "Compact 58 mm" one, and two tills
 * ("Till 1", "Till 2") at every outlet. Does nothing when registers already exist.
 */
export async function loadDemoRegisters(db: Db): Promise<void> {
  const [anyRegister] = await db.select({ id: registers.id }).from(registers).limit(1);
  if (anyRegister) return;
  await ensureDefaultReceiptTemplate(db);
  const [standard] = await db.select({ id: receiptTemplates.id }).from(receiptTemplates).where(eq(receiptTemplates.name, DEFAULT_RECEIPT_TEMPLATE_NAME)).limit(1);
  let [compact] = await db.select({ id: receiptTemplates.id }).from(receiptTemplates).where(eq(receiptTemplates.name, 'Compact 58 mm')).limit(1);
  if (!compact) {
    [compact] = await db
      .insert(receiptTemplates)
      .values({
        name: 'Compact 58 mm',
        paperWidth: 58,
        header: null,
        footer: 'Thank you!',
        showLogo: false,
        showCashier: true,
        showCustomer: false,
        showTaxBreakdown: false,
        showOrderBarcode: true,
        showLoyaltyPoints: false,
        showNote: false,
        basedOnId: standard?.id ?? null,
      })
      .returning({ id: receiptTemplates.id });
  }
  const templateId = standard?.id ?? compact?.id;
  if (templateId === undefined) throw new Error('The demo needs a receipt template');
  for (const outlet of await db.select({ id: outlets.id, code: outlets.code }).from(outlets).orderBy(outlets.id)) {
    for (const name of ['Till 1', 'Till 2']) {
      await db
        .insert(registers)
        .values({
          name,
          slug: suggestRegisterSlug(name, outlet.code),
          outletId: outlet.id,
          // The second till prints on the narrow printer.
          receiptTemplateId: name === 'Till 2' && compact ? compact.id : templateId,
        })
        .onConflictDoNothing();
    }
  }
}
