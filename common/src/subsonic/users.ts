import { z } from 'zod';
import { email, newPassword } from '../schemas/account.ts';

/**
 * The Subsonic user calls (createUser, updateUser): the same email and password rules as the
 * web admin's users screen. A Subsonic user name is the account's email.
 */
export const subsonicNewUserSchema = z.object({ email, password: newPassword });
export const subsonicUserEmailSchema = z.object({ email });
