import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { additionalChargesRoutes } from './additional-charges/routes.ts';
import { analyticsRoutes } from './analytics/routes.ts';
import { approvalsRoutes } from './approvals/routes.ts';
import { attributesRoutes } from './attributes/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { cashboxRoutes } from './cashbox/routes.ts';
import { categoriesRoutes } from './categories/routes.ts';
import { couponsRoutes } from './coupons/routes.ts';
import { customersRoutes } from './customers/routes.ts';
import { customerStoreCreditRoutes } from './customers/store-credit-routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { giftCardsRoutes } from './gift-cards/routes.ts';
import { goodsOrdersRoutes } from './goods-orders/routes.ts';
import { labelsRoutes } from './labels/routes.ts';
import { ordersRoutes } from './orders/routes.ts';
import { outletsRoutes } from './outlets/routes.ts';
import { productsSyncCsvRoutes } from './products/routes-sync-csv.ts';
import { productsRoutes } from './products/routes.ts';
import { receiptsRoutes } from './receipts/routes.ts';
import { refundReceiptRoutes } from './refunds/receipt-routes.ts';
import { refundsRoutes } from './refunds/routes.ts';
import { registersRoutes } from './registers/routes.ts';
import { rewardsTillRoutes } from './rewards/till-routes.ts';
import { rewardsRoutes } from './rewards/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { stockCountsRoutes } from './stock-counts/routes.ts';
import { stockMovementsRoutes } from './stock-movements/routes.ts';
import { stockTransfersRoutes } from './stock-transfers/routes.ts';
import { suppliersRoutes } from './suppliers/routes.ts';
import { taxesRoutes } from './taxes/routes.ts';
import { usersRoutes } from './users/routes.ts';

/** The routes of every business area (each reads `app.db`); a new area adds one line. */
export const areaRoutes: FastifyPluginAsyncZod[] = [
  additionalChargesRoutes,
  analyticsRoutes,
  approvalsRoutes,
  attributesRoutes,
  auditRoutes,
  cashboxRoutes,
  categoriesRoutes,
  couponsRoutes,
  customersRoutes,
  customerStoreCreditRoutes,
  dashboardRoutes,
  giftCardsRoutes,
  goodsOrdersRoutes,
  labelsRoutes,
  ordersRoutes,
  outletsRoutes,
  productsRoutes,
  productsSyncCsvRoutes,
  receiptsRoutes,
  refundReceiptRoutes,
  refundsRoutes,
  registersRoutes,
  rewardsTillRoutes,
  rewardsRoutes,
  settingsRoutes,
  stockCountsRoutes,
  stockMovementsRoutes,
  stockTransfersRoutes,
  suppliersRoutes,
  taxesRoutes,
  usersRoutes,
];
