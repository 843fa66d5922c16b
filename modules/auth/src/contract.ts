import { PASSWORD_LENGTH, passwordWeakness } from '@kw/platform/contract';
import { z } from 'zod';

export const ADMIN_TOKEN_KEY = 'adminToken';
export const NEW_PASSWORD_MIN = PASSWORD_LENGTH.min;

/** A code from the authenticator app (six digits) or a recovery code (ten characters). */
const codeSchema = z.string().trim().min(1, 'The code is required').max(40, 'The code is too long');

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(100, 'Username is too long'),
  password: z
    .string()
    .min(1, 'Password is required')
    .max(PASSWORD_LENGTH.max, 'Password is too long'),
  /**
   * Optional: the second factor in the same request. Needed there only past the account's
   * hourly cap on password checks, when the code is checked before the password.
   */
  code: codeSchema.optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The second step of a two-factor sign-in: the first step's challenge and the code. */
export const secondFactorRequestSchema = z.object({
  challenge: z.string().min(1, 'The sign-in has expired. Please sign in again.').max(2000),
  code: codeSchema,
});
export type SecondFactorRequest = z.infer<typeof secondFactorRequestSchema>;

/**
 * A token, or (the account has two-factor sign-in) a challenge for the second step,
 * `POST /api/auth/login/second-factor`, valid 5 minutes.
 */
export type LoginResponse =
  | { token: string }
  | { secondFactorRequired: true; challenge: string; message: string };

export interface VerifyResponse {
  valid: true;
  username: string;
}

/** What the API takes to change the password. */
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_LENGTH.max),
  newPassword: z
    .string()
    .min(NEW_PASSWORD_MIN, 'New password must be at least 6 characters')
    .max(PASSWORD_LENGTH.max, `New password must be at most ${PASSWORD_LENGTH.max} characters`)
    .superRefine((password, ctx) => {
      const weakness = passwordWeakness(password);
      if (weakness) ctx.addIssue({ code: 'custom', message: `New password ${weakness}` });
    }),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The settings form adds the confirmation, checked in the browser. */
export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your new password') })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export interface ChangePasswordResponse {
  message: string;
  /** A fresh token: the change ends every older one, including the one that asked. */
  token: string;
}

export const LOGIN_FAILED_MESSAGE = 'Invalid username or password.';
export const CURRENT_PASSWORD_WRONG_MESSAGE = 'Current password is incorrect';

export const SECOND_FACTOR_PROMPT = 'Enter the code from your authenticator app.';
export const CODE_WRONG_MESSAGE = 'The authentication code is not correct.';
export const CHALLENGE_EXPIRED_MESSAGE = 'The sign-in has expired. Please sign in again.';

/** Two-factor sign-in as Settings shows it. */
export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

/** The set-up's first step: the key, as text and as a QR code (a data: URL). */
export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

export const twoFactorCodeSchema = z.object({ code: codeSchema });
export type TwoFactorCodeRequest = z.infer<typeof twoFactorCodeSchema>;

/** Turned on: the ten recovery codes, shown this once, and a fresh token (other sessions end). */
export interface TwoFactorEnabledResponse {
  recoveryCodes: string[];
  token: string;
}

export interface TwoFactorDisabledResponse {
  message: string;
  token: string;
}

/** An open session, as Settings lists it. */
export interface SessionSummary {
  id: string;
  /** "Chrome 126 on Windows 10", from the user agent. */
  device: string;
  ipAddress: string;
  signedInAt: string;
  expiresAt: string;
  /** The session of the request that asked. */
  current: boolean;
}

export interface SessionsResponse {
  sessions: SessionSummary[];
}
