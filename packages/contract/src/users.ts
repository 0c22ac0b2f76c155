import { z } from 'zod';
import { userTypes } from './user-types.ts';

export const userType = z.enum(userTypes);

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
