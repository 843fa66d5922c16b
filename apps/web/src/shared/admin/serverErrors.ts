import type { FormInstance } from 'antd';

/** Puts the server's field errors (400) under the matching form fields; true if any did. */
export function showFieldErrors(form: FormInstance, error: unknown): boolean {
  const e = error as { status?: number; data?: { errors?: { path: string; message: string }[] } };
  if (e?.status !== 400 || !e.data?.errors?.length) return false;
  form.setFields(e.data.errors.map((x) => ({ name: x.path.split('.'), errors: [x.message] })));
  return true;
}

export const serverMessageOf = (error: unknown): string | undefined =>
  (error as { data?: { message?: string } } | undefined)?.data?.message;

/** A 409 from a stale version, as opposed to a taken slug. */
export function isStaleEdit(error: unknown): boolean {
  const e = error as { status?: number; data?: { message?: string } } | undefined;
  return e?.status === 409 && !/already exists/.test(e.data?.message ?? '');
}
