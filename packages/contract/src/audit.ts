import { z } from 'zod';
import { dateField, queryId, queryText } from './fields.ts';
import { pageQuery, paginated } from './pagination.ts';

/**
 * What the audit log records (issue 16), as `area.verb`, with the words the audit screen uses.
 * A row whose action is not listed here still shows, under its own name.
 */
export const auditActionLabels = {
  'auth.sign_in': 'Sign-in',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.sign_out': 'Sign-out',
  'refund.create': 'Refund',
  'sale.discount': 'Discount',
  'sale.price_override': 'Price override',
  'cashbox.open': 'Drawer opened',
  'cashbox.close': 'Drawer closed',
  'cashbox.cash_in': 'Cash in',
  'cashbox.cash_out': 'Cash out',
  'cashbox.no_sale': 'No sale',
  'stock.adjust': 'Stock adjustment',
  'stock.count': 'Stock count',
  'product.price': 'Price change',
  'product.cost': 'Cost change',
  'user.create': 'Staff member added',
  'user.update': 'Staff member changed',
  'user.delete': 'Staff member removed',
  'settings.update': 'Settings changed',
  'customer.export': 'Customer export',
  'customer.store_credit': 'Store credit',
  'gift_card.adjust': 'Gift card adjustment',
  'audit.export': 'Audit log export',
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof auditActionLabels;

/** The known actions in the order the filter offers them. */
export const auditActions = Object.entries(auditActionLabels).map(([action, label]) => ({ action: action as AuditAction, label }));

/** The areas an action belongs to: filtering by `refund` shows every `refund.…` row. */
export const auditAreaLabels: Record<string, string> = {
  auth: 'Sign-in and sign-out',
  refund: 'Refunds and returns',
  sale: 'Sales',
  cashbox: 'Cash drawer',
  stock: 'Stock',
  product: 'Products',
  user: 'Staff',
  settings: 'Settings',
  customer: 'Customers',
  gift_card: 'Gift cards',
  audit: 'Audit log',
};

/** "Refund", or the action itself when it is not one the screen knows. */
export function auditActionLabel(action: string): string {
  return (auditActionLabels as Record<string, string>)[action] ?? action;
}

/** One row of the audit log as the audit screen lists it. */
export const auditEntry = z.object({
  id: z.number().int(),
  /** When, ISO-8601 UTC. */
  at: z.string(),
  userId: z.number().int().nullable(),
  /** The user's name then (the username typed at a failed sign-in). */
  userName: z.string().nullable(),
  outletId: z.number().int().nullable(),
  /** The outlet's name now; null when it no longer exists. */
  outletName: z.string().nullable().optional(),
  registerId: z.number().int().nullable(),
  registerName: z.string().nullable().optional(),
  action: z.string(),
  subjectType: z.string().nullable(),
  subjectId: z.string().nullable(),
  summary: z.string(),
  /** Only the fields that changed, before and after (JSON). */
  before: z.unknown(),
  after: z.unknown(),
  approvedById: z.number().int().nullable(),
  approvedByName: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const actionMessage = 'The action must be an action such as refund.create, or an area such as refund.';

/**
 * GET /api/audit (and its CSV export): newest first. `action` is one action (`refund.create`) or an
 * area (`refund`: every `refund.…`); `from`/`to` are the shop's days, both included; `search` looks
 * in the summary.
 */
export const auditListQuery = pageQuery.extend({
  userId: queryId('user').optional(),
  action: z
    .string({ error: actionMessage })
    .trim()
    .regex(/^[a-z][a-z_]{0,29}(\.[a-z][a-z_]{0,29})?$/, actionMessage)
    .optional(),
  registerId: queryId('register').optional(),
  from: dateField('from date').optional(),
  to: dateField('to date').optional(),
  search: queryText('search', 200).optional(),
});
export type AuditListFilters = z.output<typeof auditListQuery>;
export const auditPage = paginated(auditEntry);
export type AuditPage = z.infer<typeof auditPage>;
