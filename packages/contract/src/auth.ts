import { z } from 'zod';
import { refuseControls, refuseNul } from './fields.ts';

/**
 * SPEC.md §2: the login form sends the username in the field named `email`.
 * No client-side checks (SPEC §5); the server still refuses empty values with a 422.
 */
export const loginInput = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'The email field is required.')
    .max(255)
    .superRefine(refuseControls('email')),
  password: z.string().min(1, 'The password field is required.').max(1024).superRefine(refuseNul('password')),
});
export type LoginInput = z.infer<typeof loginInput>;
