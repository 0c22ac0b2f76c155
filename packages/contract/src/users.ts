import { z } from 'zod';

/** The two user types of SPEC.md §1; GET /api/users/types lists them. */
export const userTypes = ['administrator', 'cashier'] as const;
export const userType = z.enum(userTypes);
export type UserType = z.infer<typeof userType>;

export const userTypeLabels: Record<UserType, string> = {
  administrator: 'Administrator',
  cashier: 'Cashier',
};

/** What each type may do, in a sentence, for the staff screens and the API docs. */
export const userTypeDescriptions: Record<UserType, string> = {
  administrator: 'Runs the whole business: catalogue, stock, purchasing, staff, customers, reports.',
  cashier: 'Opens registers of their outlet, counts the drawer, sells, and looks after customers.',
};

export const user = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  type: userType,
  outletId: z.number().int().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof user>;

export const userTypeItem = z.object({
  id: userType,
  name: z.string(),
  description: z.string(),
});
export type UserTypeItem = z.infer<typeof userTypeItem>;

export const userTypeList = z.object({ data: z.array(userTypeItem) });
