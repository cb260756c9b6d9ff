import { z } from 'zod';
import {
  PROFILE_IMAGE_MAX_BYTES,
  RECOVERY_CODE_LENGTH,
  TWO_FACTOR_CODE_LENGTH,
  VERIFICATION_CODE_LENGTH,
} from '../constants.ts';

const required = (field: string) => ({ error: `The ${field} field is required.` });

export const email = z
  .string(required('email'))
  .trim()
  .toLowerCase()
  .pipe(
    z
      .email('Enter a valid email address.')
      .max(255, 'The email may not be longer than 255 characters.'),
  );

export const newPassword = z
  .string(required('password'))
  .min(8, 'The password must be at least 8 characters.')
  .max(255, 'The password may not be longer than 255 characters.');

const confirmed = <T extends { password: string; password_confirmation: string }>(data: T) =>
  data.password === data.password_confirmation;
const confirmationIssue = {
  message: 'The password confirmation does not match.',
  path: ['password_confirmation'],
};

export const registerSchema = z
  .object({
    email,
    password: newPassword,
    password_confirmation: z.string(required('password confirmation')),
    invite_id: z.string().max(100).optional(),
    invite_type: z.enum(['workspace']).optional(),
    /** Accepted registration policies by id. */
    policies: z.record(z.string(), z.boolean()).optional(),
    recaptcha_token: z.string().max(4000).optional(),
  })
  .refine(confirmed, confirmationIssue);
export type RegisterInput = z.input<typeof registerSchema>;

export const verificationCodeSchema = z.object({
  code: z
    .string(required('code'))
    .trim()
    .regex(
      new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`),
      'Enter the 6-digit code from the email.',
    ),
});

export const resendVerificationSchema = z.object({ email: email.optional() });

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string(required('token')).min(1, 'The token field is required.').max(200),
    email,
    password: newPassword,
    password_confirmation: z.string(required('password confirmation')),
  })
  .refine(confirmed, confirmationIssue);

export const twoFactorChallengeSchema = z
  .object({
    code: z
      .string()
      .trim()
      .length(TWO_FACTOR_CODE_LENGTH, 'The code must be 6 digits.')
      .regex(/^\d+$/, 'The code must be 6 digits.')
      .optional(),
    recovery_code: z
      .string()
      .trim()
      .length(RECOVERY_CODE_LENGTH, 'A recovery code has 21 characters.')
      .optional(),
  })
  .refine((data) => data.code || data.recovery_code, {
    message: 'Enter the code from your app or a recovery code.',
    path: ['code'],
  });

export const twoFactorConfirmSchema = z.object({
  code: z
    .string(required('code'))
    .trim()
    .regex(/^\d{6}$/, 'The code must be 6 digits.'),
});

export const confirmPasswordSchema = z.object({
  password: z.string(required('password')).min(1, 'The password field is required.').max(255),
});

export const passwordConfirmationStatusSchema = z.object({
  seconds: z.coerce.number().int().min(1).max(86_400).optional(),
});

export const changePasswordSchema = z
  .object({
    current_password: z
      .string(required('current password'))
      .min(1, 'The current password field is required.'),
    password: newPassword,
    password_confirmation: z.string(required('password confirmation')),
  })
  .refine(confirmed, confirmationIssue);

/** True for IANA zone names the runtime knows (the list value-lists offers). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `This may not be longer than ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

export const updateAccountSchema = z.object({
  name: z.string().trim().min(1, 'The name field is required.').max(100).optional(),
  first_name: optionalText(100),
  last_name: optionalText(100),
  language: z.string().trim().max(10).nullish(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'Choose a country from the list.')
    .nullish(),
  timezone: z
    .string()
    .trim()
    .max(64)
    .refine(isTimeZone, 'Choose a timezone from the list.')
    .nullish(),
});
export type UpdateAccountInput = z.input<typeof updateAccountSchema>;

export const avatarUrlSchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'Enter an http or https address.' }).max(2000),
});

export const AVATAR_MAX_BYTES = PROFILE_IMAGE_MAX_BYTES;

export const createAccessTokenSchema = z.object({
  tokenName: z
    .string(required('token name'))
    .trim()
    .min(1, 'The token name field is required.')
    .max(100),
});

export const logoutOtherSessionsSchema = confirmPasswordSchema;

export const socialConnectSchema = confirmPasswordSchema;

export const recaptchaVerifySchema = z.object({
  token: z.string(required('token')).min(1, 'The token field is required.').max(4000),
});

export const deleteAccountSchema = z.object({
  deleteCurrentUser: z.coerce.boolean().optional(),
});

export const SOCIAL_SERVICES = ['google', 'facebook', 'twitter', 'envato'] as const;
export type SocialService = (typeof SOCIAL_SERVICES)[number];
export const socialServiceSchema = z.enum(SOCIAL_SERVICES, { error: 'Unknown service.' });

export const VALUE_LISTS = ['timezones', 'countries', 'localizations'] as const;
