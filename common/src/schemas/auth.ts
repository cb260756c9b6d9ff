import { z } from 'zod';

export const loginSchema = z.object({
  email: z
    .string({ error: 'The email field is required.' })
    .trim()
    .toLowerCase()
    .pipe(z.email('Enter a valid email address.').max(255)),
  password: z
    .string({ error: 'The password field is required.' })
    .min(1, 'The password field is required.')
    .max(255),
  remember: z.boolean().optional().default(true),
});
export type LoginInput = z.input<typeof loginSchema>;
