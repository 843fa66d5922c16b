// The public forms' fields (public-site.md §5): a label (with * when required), the control, and
// the field's error under it, tied to the control for screen readers.

/** The control's attributes that tie it to its error. */
export const errorProps = (id: string, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="field-error">
      {error}
    </p>
  ) : null;
}

export function FieldLabel(props: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={props.htmlFor}>
      {props.label}
      {props.required && <span aria-hidden="true"> *</span>}
    </label>
  );
}

export function TextField(props: {
  /** The form's id: the input's is `{formId}-{name}`. */
  formId: string;
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  type?: string;
  autoComplete?: string;
  required?: boolean;
}) {
  const id = `${props.formId}-${props.name}`;
  return (
    <div className="field">
      <FieldLabel
        htmlFor={id}
        label={props.label}
        {...(props.required ? { required: true } : {})}
      />
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        {...errorProps(id, props.error)}
      />
      <FieldError id={id} error={props.error} />
    </div>
  );
}

/** The first message for each field, from a schema's (or the server's) issues. */
export function firstIssues<F extends string>(
  issues: readonly { path: readonly PropertyKey[] | string; message: string }[],
): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = (typeof issue.path === 'string' ? issue.path : issue.path[0]) as F;
    found[field] ??= issue.message;
  }
  return found;
}
