import { z } from 'zod';

export const ADMIN_TOKEN_KEY = 'adminToken';
export const NEW_PASSWORD_MIN = 6;

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(100, 'Username is too long'),
  password: z.string().min(1, 'Password is required').max(200, 'Password is too long'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export interface LoginResponse {
  token: string;
}

export interface VerifyResponse {
  valid: true;
  username: string;
}

/** What the API takes to change the password. */
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(200),
  newPassword: z
    .string()
    .min(NEW_PASSWORD_MIN, 'New password must be at least 6 characters')
    .max(200, 'New password must be at most 200 characters'),
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
