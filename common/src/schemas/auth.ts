import { z } from 'zod';

export const loginSchema = z.object({
  email: z.email('Enter a valid email address.').max(255).trim().toLowerCase(),
  password: z.string().min(1, 'The password field is required.').max(255),
  remember: z.boolean().optional().default(true),
});
export type LoginInput = z.input<typeof loginSchema>;
