import {
  sameOutletMessage,
  transferNumber,
  type StockTransfer,
  type StockTransferListItem,
  type StockTransferStatus,
  type stockTransferInput,
  type stockTransferListQuery,
  type stockTransferReceiveInput,
  type stockTransferUpdateInput,
} from '@tillbook/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { getShopSettings, getShopTimeZone } from '../settings/service.ts';
import { moveStock } from '../stock/service.ts';
import {
  deleteTransferById,
  findOnHand,
  findOutletIds,
  findStoredItems,
  findTransferHeader,
  findTransferItems,
  findTransferPage,
  findUserNames,
  findVariants,
  insertTransfer,
  lockTransfer,
  replaceTransferItems,
  setReceivedQuantities,
  setTransferStatus,
  stampUnitCosts,
  updateTransferFields,
  type TransferFilters,
  type TransferHeaderRow,
  type TransferLine,
  type TransferRow,
} from './queries.ts';

type CreateValues = z.output<typeof stockTransferInput>;
type UpdateValues = z.output<typeof stockTransferUpdateInput>;
type ReceiveValues = z.output<typeof stockTransferReceiveInput>;

const documentType = 'stock_transfer';
const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toListItem({ transfer, fromOutletName, toOutletName, itemCount, unitCount, receivedUnitCount }: TransferHeaderRow): StockTransferListItem {
  return {
    id: transfer.id,
    number: transferNumber(transfer.id),
    status: transfer.status,
    fromOutletId: transfer.fromOutletId,
    fromOutletName,
    toOutletId: transfer.toOutletId,
    toOutletName,
    note: transfer.note,
    itemCount,
    unitCount,
    receivedUnitCount: transfer.status === 'received' ? receivedUnitCount : null,
    createdAt: transfer.createdAt.toISOString(),
    sentAt: iso(transfer.sentAt),
    receivedAt: iso(transfer.receivedAt),
    cancelledAt: iso(transfer.cancelledAt),
  };
}

export async function listTransfers(db: DbOrTx, filters: z.output<typeof stockTransferListQuery>) {
  const page = await findTransferPage(db, filters satisfies TransferFilters, await getShopTimeZone(db));
  return { ...page, data: page.data.map(toListItem) };
}

/** The whole transfer for its page: header, people, lines with what both outlets hold now. */
export async function getTransfer(db: DbOrTx, id: number): Promise<StockTransfer> {
  const header = await findTransferHeader(db, id);
  if (!header) throw AppError.notFound();
  const { transfer } = header;
  const [rows, names] = await Promise.all([findTransferItems(db, transfer), findUserNames(db, [transfer.userId, transfer.sentBy, transfer.receivedBy])]);
  const person = (userId: number | null) => (userId === null ? null : { id: userId, name: names.get(userId) ?? 'Deleted user' });
  const received = transfer.status === 'received';
  const items = rows.map(({ variantCost, ...row }) => {
    const receivedQuantity = received ? (row.receivedQuantity ?? row.quantity) : null;
    return {
      ...row,
      receivedQuantity,
      shortQuantity: receivedQuantity === null ? null : row.quantity - receivedQuantity,
      // A draft has not left yet: its value is at today's cost.
      unitCost: transfer.status === 'draft' ? variantCost : row.unitCost,
    };
  });
  return {
    ...toListItem(header),
    createdBy: person(transfer.userId),
    sentBy: person(transfer.sentBy),
    receivedBy: person(transfer.receivedBy),
    updatedAt: transfer.updatedAt.toISOString(),
    value: items.reduce((sum, item) => sum + item.quantity * item.unitCost, 0),
    shortValue: received ? items.reduce((sum, item) => sum + (item.shortQuantity ?? 0) * item.unitCost, 0) : null,
    items,
  };
}

/** What an outlet holds of a draft's lines as they are typed. */
export async function onHandAt(db: DbOrTx, outletId: number, variantIds: number[]) {
  return findOnHand(db, outletId, variantIds);
}

/**
 * Both outlets exist and differ; every line's variant exists and its product tracks stock.
 * (The contract has already refused a variant on two lines.) Messages land on their line.
 */
async function assertValid(db: DbOrTx, values: { fromOutletId: number; toOutletId: number; items: TransferLine[] }) {
  const errors: Record<string, string[]> = {};
  const outlets = await findOutletIds(db, [values.fromOutletId, values.toOutletId]);
  if (!outlets.has(values.fromOutletId)) errors.fromOutletId = ['The chosen source outlet does not exist.'];
  if (!outlets.has(values.toOutletId)) errors.toOutletId = ['The chosen destination outlet does not exist.'];
  else if (values.fromOutletId === values.toOutletId) errors.toOutletId = [sameOutletMessage];
  const variants = await findVariants(db, [...new Set(values.items.map((item) => item.variantId))]);
  values.items.forEach((item, index) => {
    const variant = variants.get(item.variantId);
    if (!variant) errors[`items.${index}.variantId`] = ['The selected product does not exist.'];
    else if (!variant.trackStock) errors[`items.${index}.variantId`] = ['This product does not track stock.'];
  });
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

/** Why a transfer in this status cannot be sent, received, cancelled or changed. */
const refusals: Record<'send' | 'receive' | 'cancel' | 'change', Partial<Record<StockTransferStatus, string>>> = {
  send: {
    sent: 'This transfer has already been sent.',
    received: 'This transfer has already been received.',
    cancelled: 'This transfer was cancelled and cannot be sent.',
  },
  receive: {
    draft: 'This transfer is a draft: send it before receiving it.',
    received: 'This transfer has already been received.',
    cancelled: 'This transfer was cancelled: nothing is on its way.',
  },
  cancel: {
    sent: 'This transfer is in transit and can no longer be cancelled: receive it, recording what did not arrive.',
    received: 'This transfer has already been received.',
    cancelled: 'This transfer is already cancelled.',
  },
  change: {
    sent: 'This transfer has been sent: only a draft can be changed.',
    received: 'This transfer has been received: only a draft can be changed.',
    cancelled: 'This transfer was cancelled: only a draft can be changed.',
  },
};

function assertStatus(row: TransferRow, action: keyof typeof refusals) {
  const why = refusals[action][row.status];
  if (why) throw AppError.validation({ status: [why] });
}

async function outletNamesOf(tx: DbOrTx, id: number) {
  const header = await findTransferHeader(tx, id);
  if (!header) throw AppError.notFound();
  return { from: header.fromOutletName, to: header.toOutletName };
}

/**
 * Sends a locked draft: each line's cost is recorded (the value in transit) and every line leaves
 * the source in one `move_stock` call. A level that would go below zero, when the shop does not
 * sell below zero, refuses the whole send with the message on its line.
 */
async function send(tx: DbOrTx, row: TransferRow, userId: number, allowNegative: boolean) {
  assertStatus(row, 'send');
  const items = await findStoredItems(tx, row.id);
  if (!items.length) throw AppError.validation({ items: ['Add at least one product before sending the transfer.'] });
  await assertValid(tx, { fromOutletId: row.fromOutletId, toOutletId: row.toOutletId, items });
  await stampUnitCosts(tx, row.id);
  const stamped = await findStoredItems(tx, row.id);
  const names = await outletNamesOf(tx, row.id);
  const after = await moveStock(
    tx,
    row.fromOutletId,
    stamped.map((item) => ({ variantId: item.variantId, delta: -item.quantity, unitCost: item.unitCost })),
    { reason: 'transfer', note: `${transferNumber(row.id)} to ${names.to}`, documentType, documentId: row.id, userId },
  );
  if (!allowNegative) {
    const errors: Record<string, string[]> = {};
    stamped.forEach((item, index) => {
      const left = after.get(item.variantId) ?? 0;
      if (left < 0) {
        errors[`items.${index}.quantity`] = [`Only ${left + item.quantity} on hand at ${names.from}: ${item.quantity} cannot be sent.`];
      }
    });
    // Thrown inside the transaction: the moves above roll back with it.
    if (Object.keys(errors).length) throw AppError.validation(errors);
  }
  await setTransferStatus(tx, row.id, 'sent', { sentAt: new Date(), sentBy: userId });
}

export async function createTransfer(db: Db, values: CreateValues, userId: number): Promise<StockTransfer> {
  await assertValid(db, values);
  const { allowNegativeStock } = await getShopSettings(db);
  const id = await db.transaction(async (tx) => {
    const transferId = await insertTransfer(tx, { fromOutletId: values.fromOutletId, toOutletId: values.toOutletId, note: values.note, userId });
    await replaceTransferItems(tx, transferId, values.items);
    if (values.status === 'sent') {
      const row = await lockTransfer(tx, transferId);
      if (!row) throw AppError.notFound();
      await send(tx, row, userId, allowNegativeStock);
    }
    return transferId;
  });
  return getTransfer(db, id);
}

/**
 * Saves the fields given (a draft only), then moves the status: "sent" sends the transfer,
 * "cancelled" cancels a draft. The row is locked first, so two people sending at once take
 * turns and the second is told it has already been sent: stock moves once.
 */
export async function updateTransfer(db: Db, id: number, values: UpdateValues, userId: number): Promise<StockTransfer> {
  const { allowNegativeStock } = await getShopSettings(db);
  await db.transaction(async (tx) => {
    const row = await lockTransfer(tx, id);
    if (!row) throw AppError.notFound();
    const changes = values.fromOutletId !== undefined || values.toOutletId !== undefined || values.note !== undefined || values.items !== undefined;
    if (changes) {
      assertStatus(row, 'change');
      const merged = {
        fromOutletId: values.fromOutletId ?? row.fromOutletId,
        toOutletId: values.toOutletId ?? row.toOutletId,
        items: values.items ?? (await findStoredItems(tx, id)),
      };
      await assertValid(tx, merged);
      await updateTransferFields(tx, id, { fromOutletId: merged.fromOutletId, toOutletId: merged.toOutletId, ...(values.note === undefined ? {} : { note: values.note }) });
      if (values.items) await replaceTransferItems(tx, id, values.items);
    }
    if (values.status === 'sent') {
      await send(tx, { ...row, fromOutletId: values.fromOutletId ?? row.fromOutletId, toOutletId: values.toOutletId ?? row.toOutletId }, userId, allowNegativeStock);
    } else if (values.status === 'cancelled') {
      assertStatus(row, 'cancel');
      await setTransferStatus(tx, id, 'cancelled', { cancelledAt: new Date() });
    } else if (values.status === 'draft') {
      assertStatus(row, 'change');
    }
  });
  return getTransfer(db, id);
}

/** Only a draft can be deleted (nothing has moved); a sent, received or cancelled one stays for its history. */
export async function deleteTransfer(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockTransfer(tx, id);
    if (!row) throw AppError.notFound();
    if (row.status !== 'draft') {
      const kept = { sent: 'is in transit', received: 'has been received', cancelled: 'was cancelled' }[row.status];
      throw AppError.conflict(`Only a draft transfer can be deleted: ${transferNumber(id)} ${kept} and is kept for its history.`);
    }
    await deleteTransferById(tx, id);
  });
}

/**
 * Receives a transfer in transit: the units that arrived (a line left out arrived whole) are added
 * at the destination in one `move_stock` call at their cost when sent; what did not arrive is
 * recorded per line as short. The row is locked first: a second receipt at the same time is
 * refused, and stock arrives once.
 */
export async function receiveTransfer(db: Db, id: number, values: ReceiveValues, userId: number): Promise<StockTransfer> {
  await db.transaction(async (tx) => {
    const row = await lockTransfer(tx, id);
    if (!row) throw AppError.notFound();
    assertStatus(row, 'receive');
    const items = await findStoredItems(tx, id);
    const byId = new Map(items.map((item) => [item.id, item]));
    const counted = new Map<number, number>();
    const errors: Record<string, string[]> = {};
    values.items.forEach((line, index) => {
      const item = byId.get(line.itemId);
      if (!item) errors[`items.${index}.itemId`] = ['This line is not on the transfer.'];
      else if (line.quantity > item.quantity) {
        errors[`items.${index}.quantity`] = [`Only ${item.quantity} were sent: at most ${item.quantity} can be received.`];
      } else counted.set(item.id, line.quantity);
    });
    if (Object.keys(errors).length) throw AppError.validation(errors);

    const received = items.map((item) => ({ ...item, receivedQuantity: counted.get(item.id) ?? item.quantity }));
    const names = await outletNamesOf(tx, id);
    await moveStock(
      tx,
      row.toOutletId,
      received.filter((item) => item.receivedQuantity > 0).map((item) => ({ variantId: item.variantId, delta: item.receivedQuantity, unitCost: item.unitCost })),
      { reason: 'transfer', note: `${transferNumber(id)} from ${names.from}`, documentType, documentId: id, userId },
    );
    await setReceivedQuantities(tx, received);
    await setTransferStatus(tx, id, 'received', { receivedAt: new Date(), receivedBy: userId });
  });
  return getTransfer(db, id);
}
