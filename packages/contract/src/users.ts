import { z } from 'zod';
import { dataOf, queryBoolean } from './common.ts';
import { fieldsAreValid, whenValid } from './cross-field.ts';
import { booleanField, optionalEmail, requiredText, MAX_ID } from './fields.ts';
import { listQuery, paginated } from './pagination.ts';
import { userTypes, type UserType } from './user-types.ts';
import { queryId, refuseNul } from './fields.ts';

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

const usernameRule = z
  .string({ error: 'The username field is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'The username field is required.')
  .regex(/^[a-z0-9._-]{3,60}$/, 'The username must be 3 to 60 letters, digits, dots, dashes or underscores.');

/** Empty means "keep the current password" on edit; otherwise at least 8 characters. */
const passwordRule = z
  .string({ error: 'The password must be text.' })
  .max(200, 'The password may not be longer than 200 characters.')
  .superRefine(refuseNul('password'))
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || v.length >= 8, 'The password must be at least 8 characters.');

/** A PIN for quick register sign-in: 4 to 6 digits; null clears it, omitted keeps it. */
const pinRule = z
  .string({ error: 'The PIN must be 4 to 6 digits.' })
  .trim()
  .nullish()
  .transform((v) => (v === '' ? null : v))
  .refine((v) => v === null || v === undefined || /^\d{4,6}$/.test(v), 'The PIN must be 4 to 6 digits.');

function confirmPassword<T extends { password: string | null; passwordConfirmation?: string | null }>(value: T, ctx: z.RefinementCtx) {
  if (!fieldsAreValid(ctx, 'password', 'passwordConfirmation')) return;
  if (value.password !== null && value.password !== (value.passwordConfirmation ?? '')) {
    ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: 'The password confirmation does not match.' });
  }
}

const staffFields = {
  name: requiredText('name', 120),
  username: usernameRule,
  email: optionalEmail(),
  type: z.enum(userTypes, { error: `The type must be one of: ${userTypes.join(', ')}.` }),
  outletId: z.number({ error: 'The outlet field is required.' }).int().positive().max(MAX_ID).nullish().transform((v) => v ?? null),
  active: booleanField('active'),
  password: passwordRule,
  passwordConfirmation: z.string().nullish(),
  pin: pinRule,
};

function cashierNeedsOutlet(value: { type: UserType; outletId: number | null }, ctx: z.RefinementCtx) {
  if (!fieldsAreValid(ctx, 'type', 'outletId')) return;
  if (value.type === 'cashier' && value.outletId === null) {
    ctx.addIssue({ code: 'custom', path: ['outletId'], message: 'A cashier must work at an outlet.' });
  }
}

/** PUT /api/users/{id}/edit: an empty password keeps the current one. */
export const staffUpdateInput = z.object(staffFields).superRefine((v, ctx) => {
  confirmPassword(v, ctx);
  cashierNeedsOutlet(v, ctx);
}, whenValid());
export type StaffUpdateInput = z.input<typeof staffUpdateInput>;

/** POST /api/users/create: the password is required. */
export const staffCreateInput = staffUpdateInput.superRefine((v, ctx) => {
  if (v.password === null) ctx.addIssue({ code: 'custom', path: ['password'], message: 'The password field is required.' });
}, whenValid('password'));
export type StaffCreateInput = z.input<typeof staffCreateInput>;

/** A staff member as the staff screens see it (never a hash). */
export const staffUser = user.extend({ hasPin: z.boolean() });
export type StaffUser = z.infer<typeof staffUser>;

export const staffListQuery = listQuery.extend({
  type: userType.optional(),
  outletId: queryId('outlet').optional(),
  active: queryBoolean.optional(),
});
export const staffPage = paginated(staffUser);
export const staffResult = dataOf(staffUser);

/** PUT /api/users/edit: the signed-in user's own profile; a new password needs the current one. */
export const profileInput = z
  .object({
    name: requiredText('name', 120),
    email: optionalEmail(),
    currentPassword: z.string().superRefine(refuseNul('current password')).nullish().transform((v) => (v ? v : null)),
    password: passwordRule,
    passwordConfirmation: z.string().nullish(),
  })
  .superRefine((v, ctx) => {
    confirmPassword(v, ctx);
    if (fieldsAreValid(ctx, 'password', 'currentPassword') && v.password !== null && v.currentPassword === null) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'Enter your current password to set a new one.' });
    }
  }, whenValid());
export type ProfileInput = z.input<typeof profileInput>;
export const profileResult = dataOf(user);
