/**
 * Errors with a business meaning. The API's one error handler turns each into its status code;
 * anything else is a bug and becomes a logged 500.
 */
export class AppError extends Error {
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;
  constructor(status: number, message: string, details?: Record<string, unknown>) {
    super(message);
    this.status = status;
    this.details = details;
  }
}

export interface FieldError {
  path: string;
  message: string;
}

export class ValidationError extends AppError {
  override name = 'ValidationError';
  readonly errors: FieldError[];
  constructor(errors: FieldError[], message?: string) {
    super(400, message ?? describeFieldErrors(errors));
    this.errors = errors;
  }
}

export function describeFieldErrors(errors: FieldError[]): string {
  const first = errors[0];
  if (!first) return 'Invalid request';
  return first.path ? `${first.path}: ${first.message}` : first.message;
}

export class NotFoundError extends AppError {
  override name = 'NotFoundError';
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  override name = 'ConflictError';
  constructor(message: string) {
    super(409, message);
  }
}

/** A stale expectedVersion: someone else changed the stream since it was read. */
export class ConcurrencyError extends ConflictError {
  override name = 'ConcurrencyError';
  readonly streamId: string;
  constructor(streamId: string, expected: number | string, actual: number) {
    super(
      `This item was changed by someone else (expected version ${expected}, found ${actual}). Reload it and try again.`,
    );
    this.streamId = streamId;
  }
}

export class UnauthorizedError extends AppError {
  override name = 'UnauthorizedError';
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}

export class TooManyRequestsError extends AppError {
  override name = 'TooManyRequestsError';
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
