import { z } from 'zod';
import { VALUE_LISTS } from './schemas/account.ts';
import { endpoint, notJson } from './contract.ts';
import {
  changePasswordSchema,
  confirmPasswordSchema,
  createAccessTokenSchema,
  forgotPasswordSchema,
  logoutOtherSessionsSchema,
  passwordConfirmationStatusSchema,
  recaptchaVerifySchema,
  registerSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  twoFactorChallengeSchema,
  twoFactorConfirmSchema,
  verificationCodeSchema,
} from './schemas/account.ts';
import { loginSchema } from './schemas/auth.ts';
import { clientErrorReportSchema } from './schemas/common.ts';
import {
  accessTokenSummarySchema,
  bootstrapDataSchema,
  subscriptionPermissionsSchema,
  userSchema,
} from './types.ts';

/** Contracts of the app shell and of signing in and securing an account. */

const message = z.object({ message: z.string() });
const withBootstrap = z.object({ bootstrapData: bootstrapDataSchema });
const idParams = z.object({
  id: z.coerce.number({ error: 'The id must be a number.' }).int().positive().max(2_147_483_647),
});

// Health and the app shell.

export const healthLive = endpoint({
  method: 'GET',
  path: '/health/live',
  access: 'public',
  summary: 'The process answers',
  tags: ['health'],
  response: z.object({ status: z.literal('ok') }),
});

/** The committed OpenAPI document, served as a file (server/openapi.json). */
export const getOpenApiDocument = endpoint({
  method: 'GET',
  path: '/api-docs/openapi.json',
  access: 'public',
  summary: 'This document: the OpenAPI 3.1 description of the API',
  tags: ['meta'],
  response: z.object({ openapi: z.string() }).catchall(z.unknown()),
});

export const healthReady = endpoint({
  method: 'GET',
  path: '/health/ready',
  access: 'public',
  summary: 'The database answers (503 with the same shape otherwise)',
  tags: ['health'],
  response: z.object({
    status: z.enum(['ok', 'unavailable']),
    checks: z.object({ database: z.boolean() }),
  }),
});

export const getBootstrapData = endpoint({
  method: 'GET',
  path: '/api/v1/bootstrap-data',
  access: 'public',
  summary: 'Everything the app needs to start: user, settings, themes, menus, locale',
  tags: ['app'],
  response: withBootstrap,
});

export const getSubscriptionPermissions = endpoint({
  method: 'GET',
  path: '/api/v1/subscription/permissions',
  access: 'public',
  tags: ['app'],
  response: z.object({ permissions: subscriptionPermissionsSchema }),
});

export const canPlayAudio = endpoint({
  method: 'GET',
  path: '/api/v1/subscription/can-play-audio',
  access: 'public',
  tags: ['app'],
  response: z.object({ can_play: z.boolean() }),
});

export const canPlayVideo = endpoint({
  method: 'GET',
  path: '/api/v1/subscription/can-play-video',
  access: 'public',
  tags: ['app'],
  response: z.object({ can_play: z.boolean() }),
});

export const downloadLatestErrorLog = endpoint({
  method: 'GET',
  path: '/api/v1/logs/error/download-latest',
  access: 'public',
  summary: 'The latest error log (debug mode: anyone who saw the error; else logs.view)',
  tags: ['app'],
  errors: [401, 403, 404],
  response: notJson('file', 'The log file as an attachment.', 'text/plain'),
});

export const logClientError = endpoint({
  method: 'POST',
  path: '/api/v1/logs/client-errors',
  access: 'public',
  summary: 'An uncaught error of the web app, for the error log (sampled by the client)',
  tags: ['app'],
  body: clientErrorReportSchema,
  status: 204,
  errors: [429],
  response: notJson('empty', 'Logged.'),
});

export const valueListsParamsSchema = z.object({
  names: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(VALUE_LISTS, { error: `Lists are ${VALUE_LISTS.join(', ')}.` })).min(1)),
});

export const getValueLists = endpoint({
  method: 'GET',
  path: '/api/v1/value-lists/:names',
  access: 'public',
  summary: 'Timezones, countries and/or localizations (a comma list of names)',
  tags: ['app'],
  params: valueListsParamsSchema,
  response: z.object({
    timezones: z
      .record(z.string(), z.array(z.object({ value: z.string(), text: z.string() })))
      .optional(),
    countries: z.array(z.object({ code: z.string(), name: z.string() })).optional(),
    localizations: z.array(z.object({ language: z.string(), name: z.string() })).optional(),
  }),
});

export const verifyRecaptcha = endpoint({
  method: 'POST',
  path: '/api/v1/recaptcha/verify',
  access: 'public',
  tags: ['auth'],
  body: recaptchaVerifySchema,
  errors: [429],
  response: z.object({ success: z.boolean() }),
});

// Signing in.

export const login = endpoint({
  method: 'POST',
  path: '/auth/login',
  access: 'public',
  summary: 'Logs in; answers `two_factor: true` when a code is needed next',
  tags: ['auth'],
  body: loginSchema,
  errors: [429],
  response: z.union([
    z.object({ two_factor: z.literal(true) }),
    z.object({ status: z.literal('success'), bootstrapData: bootstrapDataSchema }),
  ]),
});

export const twoFactorChallenge = endpoint({
  method: 'POST',
  path: '/auth/two-factor-challenge',
  access: 'public',
  summary: 'Finishes a login with a TOTP or recovery code',
  tags: ['auth'],
  body: twoFactorChallengeSchema,
  errors: [429],
  response: z.object({ status: z.literal('success'), bootstrapData: bootstrapDataSchema }),
});

export const logout = endpoint({
  method: 'POST',
  path: '/auth/logout',
  access: 'public',
  tags: ['auth'],
  response: withBootstrap,
});

export const register = endpoint({
  method: 'POST',
  path: '/auth/register',
  access: 'public',
  tags: ['auth'],
  body: registerSchema,
  errors: [429],
  response: z.object({
    status: z.enum(['success', 'needs_email_verification']),
    bootstrapData: bootstrapDataSchema,
  }),
});

export const forgotPassword = endpoint({
  method: 'POST',
  path: '/auth/forgot-password',
  access: 'public',
  summary: 'Emails a reset link (the same answer whether the account exists)',
  tags: ['auth'],
  body: forgotPasswordSchema,
  errors: [429],
  response: message,
});

export const resetPassword = endpoint({
  method: 'POST',
  path: '/auth/reset-password',
  access: 'public',
  tags: ['auth'],
  body: resetPasswordSchema,
  errors: [429],
  response: message,
});

export const changePassword = endpoint({
  method: 'PUT',
  path: '/auth/user/password',
  access: 'auth',
  tags: ['auth'],
  body: changePasswordSchema,
  errors: [429],
  response: message,
});

export const getPasswordConfirmationStatus = endpoint({
  method: 'GET',
  path: '/auth/user/confirmed-password-status',
  access: 'auth',
  tags: ['auth'],
  query: passwordConfirmationStatusSchema,
  response: z.object({ confirmed: z.boolean() }),
});

export const confirmPassword = endpoint({
  method: 'POST',
  path: '/auth/user/confirm-password',
  access: 'auth',
  summary: 'Confirms the password for the next sensitive changes',
  tags: ['auth'],
  body: confirmPasswordSchema,
  errors: [429],
  response: z.object({ confirmed: z.literal(true) }),
});

// Email verification.

export const resendEmailVerification = endpoint({
  method: 'POST',
  path: '/api/v1/resend-email-verification',
  access: 'auth',
  tags: ['auth'],
  body: resendVerificationSchema,
  errors: [429],
  response: message,
});

export const validateEmailVerificationCode = endpoint({
  method: 'POST',
  path: '/api/v1/validate-email-verification-otp',
  access: 'auth',
  tags: ['auth'],
  body: verificationCodeSchema,
  errors: [429],
  response: z.object({ user: userSchema }),
});

// Two-factor authentication.

const recoveryCodes = z.object({ recovery_codes: z.array(z.string()) });

export const enableTwoFactor = endpoint({
  method: 'POST',
  path: '/auth/user/two-factor-authentication',
  access: 'auth',
  tags: ['two-factor'],
  errors: [423],
  response: z.object({ two_factor_state: z.literal(1) }),
});

export const disableTwoFactor = endpoint({
  method: 'DELETE',
  path: '/auth/user/two-factor-authentication',
  access: 'auth',
  tags: ['two-factor'],
  errors: [423],
  response: z.object({ message: z.string(), two_factor_state: z.literal(0) }),
});

export const getTwoFactorQrCode = endpoint({
  method: 'GET',
  path: '/auth/user/two-factor/qr-code',
  access: 'auth',
  tags: ['two-factor'],
  errors: [422, 423],
  response: z.object({ svg: z.string(), secret: z.string() }),
});

export const getRecoveryCodes = endpoint({
  method: 'GET',
  path: '/auth/user/two-factor-recovery-codes',
  access: 'auth',
  tags: ['two-factor'],
  errors: [423],
  response: recoveryCodes,
});

export const regenerateRecoveryCodes = endpoint({
  method: 'POST',
  path: '/auth/user/two-factor-recovery-codes',
  access: 'auth',
  tags: ['two-factor'],
  errors: [423],
  response: recoveryCodes,
});

export const confirmTwoFactor = endpoint({
  method: 'POST',
  path: '/auth/user/confirmed-two-factor-authentication',
  access: 'auth',
  summary: 'Turns two-factor on with a first code; answers the recovery codes',
  tags: ['two-factor'],
  body: twoFactorConfirmSchema,
  errors: [429],
  response: recoveryCodes.extend({ two_factor_state: z.literal(2) }),
});

// API tokens and sessions.

export const accessTokenSchema = accessTokenSummarySchema;
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const listAccessTokens = endpoint({
  method: 'GET',
  path: '/api/v1/access-tokens',
  access: 'api.access',
  tags: ['account'],
  response: z.object({ tokens: z.array(accessTokenSchema) }),
});

export const createAccessToken = endpoint({
  method: 'POST',
  path: '/api/v1/access-tokens',
  access: 'api.access',
  summary: 'Creates a token; `plainTextToken` is shown this once',
  tags: ['account'],
  body: createAccessTokenSchema,
  errors: [423],
  response: z.object({ token: accessTokenSchema, plainTextToken: z.string() }),
});

export const deleteAccessToken = endpoint({
  method: 'DELETE',
  path: '/api/v1/access-tokens/:id',
  access: 'auth',
  tags: ['account'],
  params: idParams,
  response: message,
});

export const userSessionSchema = z.object({
  id: z.string(),
  device_type: z.enum(['mobile', 'tablet', 'desktop']),
  platform: z.string().nullable(),
  browser: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  ip_address: z.string().nullable(),
  /** A non-secret label of the session (spec §3), never its cookie. */
  token: z.string(),
  last_active: z.string(),
  is_current_device: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

export const listUserSessions = endpoint({
  method: 'GET',
  path: '/api/v1/user-sessions',
  access: 'auth',
  tags: ['account'],
  response: z.object({ sessions: z.array(userSessionSchema) }),
});

export const logoutOtherSessions = endpoint({
  method: 'POST',
  path: '/api/v1/user-sessions/logout-other',
  access: 'auth',
  tags: ['account'],
  body: logoutOtherSessionsSchema,
  errors: [429],
  response: message,
});
