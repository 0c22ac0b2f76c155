import { formatMinorAsDecimal, fractionDigitsOf } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import { csvLine } from '../../lib/csv-write.ts';
import { getShopSettings } from '../settings/service.ts';
import { eachGoodsOrder, type GoodsOrderFilters } from './list.ts';

const header = ['number', 'status', 'supplier', 'outlet', 'expected', 'created', 'ordered', 'received', 'lines', 'units', 'received units', 'net', 'tax', 'total'];

/** The list's filtered set as CSV (GET /api/goods-orders/export); money as decimals in the shop's currency. */
export async function* goodsOrdersCsv(db: DbOrTx, filters: GoodsOrderFilters): AsyncGenerator<string> {
  const fractionDigits = fractionDigitsOf((await getShopSettings(db)).currency);
  const money = (minor: number) => formatMinorAsDecimal(minor, fractionDigits);
  // The byte-order mark makes spreadsheet programs read the file as UTF-8; the header goes out with
  // the first batch, so a query that fails does so before the first byte.
  let head = `\uFEFF${header.join(',')}\r\n`;
  for await (const rows of eachGoodsOrder(db, filters)) {
    yield head +
      rows
        .map((order) =>
          csvLine([
            order.number,
            order.status,
            order.supplierName,
            order.outletName,
            order.expectedAt,
            order.createdAt,
            order.orderedAt,
            order.receivedAt,
            order.itemCount,
            order.units,
            order.receivedUnits,
            money(order.net),
            money(order.tax),
            money(order.total),
          ]),
        )
        .join('');
    head = '';
  }
  if (head) yield head;
}
