import type { ApplicationFieldsInput, Job } from '@kw/careers/contract';
import {
  hasResumeExtension,
  RESUME_ACCEPT,
  RESUME_MAX_BYTES,
  RESUME_REQUIRED_MESSAGE,
  RESUME_SIZE_MESSAGE,
  RESUME_TYPE_MESSAGE,
} from '@kw/careers/presentation';
import type { ApiErrorBody } from '@kw/platform/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { whenStoreReady } from '../../../deferred-store.ts';
import { FieldError, FieldLabel, firstIssues, TextField } from '../../../shared/public/fields.tsx';
import { useSubmitButtonFocus } from '../../../shared/public/submitButtonFocus.ts';
import { useToast } from '../../../shared/public/Toaster.tsx';

type Field = keyof ApplicationFieldsInput | 'resume';

/**
 * The contract (zod), the api slice and the store (RTK Query) load when the dialog opens, not
 * with the careers page, so they stay out of its first load; the form awaits them on submit.
 */
async function loadSubmission() {
  const [{ applicationFieldsSchema }, { careersApi }, store] = await Promise.all([
    import('@kw/careers/contract'),
    import('../api.ts'),
    whenStoreReady(),
  ]);
  return {
    applicationFieldsSchema,
    apply: (jobId: string, form: FormData) =>
      store.dispatch(careersApi.endpoints.applyForJob.initiate({ jobId, form })).unwrap(),
  };
}

const empty = { firstName: '', lastName: '', email: '', phone: '', coverLetter: '' };

const FAILURE = {
  title: 'Application Failed',
  description: 'Failed to submit application',
  variant: 'destructive',
} as const;

function resumeProblem(file: File | null): string | undefined {
  if (!file) return RESUME_REQUIRED_MESSAGE;
  if (!hasResumeExtension(file.name)) return RESUME_TYPE_MESSAGE;
  if (file.size > RESUME_MAX_BYTES) return RESUME_SIZE_MESSAGE;
  return undefined;
}

interface Draft {
  values: typeof empty;
  resume: File | null;
  startedAt: string;
}

/**
 * What was typed in a job's dialog, kept while the page lives: the dialog closes on Escape, a
 * click beside it or its ×, and a cover letter written for minutes must not go with it. Dropped
 * once the application is sent.
 */
const drafts = new Map<string, Draft>();

/** The apply dialog's form (public-site.md §4, §5): checked here, and again by the API. */
export function ApplyForm({ job, onDone }: { job: Job; onDone(): void }) {
  const id = useId();
  const toast = useToast();
  const [draft] = useState(() => drafts.get(job.id));
  const [values, setValues] = useState(draft?.values ?? empty);
  const [resume, setResume] = useState<File | null>(draft?.resume ?? null);
  const resumeInput = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  /** The form's failure: the generic words, or the server's own for a job that has closed. */
  const [failed, setFailed] = useState<string | false>(false);
  const [isLoading, setLoading] = useState(false);
  const submitButton = useSubmitButtonFocus(isLoading);
  // When the visitor first opened the dialog (the form mounts with it), sent with the application.
  const [startedAt] = useState(() => draft?.startedAt ?? new Date().toISOString());
  useEffect(() => {
    const blank = !resume && Object.values(values).every((value) => value === '');
    if (blank) drafts.delete(job.id);
    else drafts.set(job.id, { values, resume, startedAt });
  }, [job.id, values, resume, startedAt]);
  // The file chosen before shows in its input again (an input's files can only be set whole).
  useEffect(() => {
    const input = resumeInput.current;
    if (!input || !draft?.resume || typeof DataTransfer === 'undefined') return;
    const files = new DataTransfer();
    files.items.add(draft.resume);
    input.files = files.files;
  }, [draft]);
  // A second click while the first is under way (the code still arriving, or the upload) must
  // not send a second application; state alone would let a quick double click through.
  const busy = useRef(false);
  useEffect(() => {
    loadSubmission().catch(() => {}); // a failure shows on submit, where it is awaited again
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      await submit();
    } finally {
      busy.current = false;
    }
  }

  async function submit() {
    let submission: Awaited<ReturnType<typeof loadSubmission>>;
    try {
      submission = await loadSubmission();
    } catch {
      setFailed(FAILURE.description);
      toast(FAILURE);
      return;
    }
    const { applicationFieldsSchema, apply } = submission;
    const parsed = applicationFieldsSchema.safeParse(values);
    const found = parsed.success ? {} : firstIssues<Field>(parsed.error.issues);
    const fileError = resumeProblem(resume);
    if (fileError) found.resume = fileError;
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first || !parsed.success || !resume) {
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const form = new FormData();
    for (const [key, value] of Object.entries(parsed.data)) form.append(key, value);
    form.append('startedAt', startedAt);
    form.append('resume', resume, resume.name);
    setFailed(false);
    setLoading(true);
    try {
      await apply(job.id, form);
      toast({
        title: 'Application Submitted',
        description: "Thank you for your application. We'll be in touch soon!",
      });
      setValues(empty);
      setResume(null);
      drafts.delete(job.id);
      onDone();
    } catch (error) {
      // The server's field errors belong under their fields; the toast says it failed.
      const { status, data: body } = error as { status?: number; data?: ApiErrorBody };
      if (body?.errors?.length) setErrors(firstIssues<Field>(body.errors));
      // A job that closed meanwhile (409): the server says when, in words meant for the visitor.
      const closed = status === 409 && body?.message ? body.message : undefined;
      setFailed(closed ?? FAILURE.description);
      toast(closed ? { ...FAILURE, description: closed } : FAILURE);
    } finally {
      setLoading(false);
    }
  }

  const text = (
    field: keyof typeof empty,
    label: string,
    props: { type?: string; autoComplete?: string; required?: boolean } = {},
  ) => (
    <TextField
      formId={id}
      name={field}
      label={label}
      value={values[field]}
      onChange={(value) => setValues((v) => ({ ...v, [field]: value }))}
      error={errors[field]}
      {...props}
    />
  );

  return (
    <form
      className="apply-form"
      method="post"
      onSubmit={onSubmit}
      noValidate
      aria-label={`Apply for ${job.title}`}
    >
      <div className="field-row">
        {text('firstName', 'First Name', { autoComplete: 'given-name', required: true })}
        {text('lastName', 'Last Name', { autoComplete: 'family-name', required: true })}
      </div>
      <div className="field-row">
        {text('email', 'Email', { type: 'email', autoComplete: 'email', required: true })}
        {text('phone', 'Phone', { type: 'tel', autoComplete: 'tel', required: true })}
      </div>
      <div className="field">
        <label htmlFor={`${id}-coverLetter`}>Cover Letter</label>
        <textarea
          id={`${id}-coverLetter`}
          name="coverLetter"
          rows={5}
          value={values.coverLetter}
          onChange={(e) => setValues((v) => ({ ...v, coverLetter: e.target.value }))}
          placeholder="Tell us why you're interested in this position..."
        />
      </div>
      <div className="field">
        <FieldLabel htmlFor={`${id}-resume`} label="Resume" required />
        <input
          ref={resumeInput}
          id={`${id}-resume`}
          name="resume"
          type="file"
          accept={RESUME_ACCEPT}
          onChange={(e) => setResume(e.target.files?.[0] ?? null)}
          aria-invalid={errors.resume ? true : undefined}
          aria-describedby={`${id}-resume-hint${errors.resume ? ` ${id}-resume-error` : ''}`}
        />
        <p id={`${id}-resume-hint`} className="muted field-hint">
          PDF, DOC or DOCX, up to 10 MB
        </p>
        <FieldError id={`${id}-resume`} error={errors.resume} />
      </div>
      {failed && (
        <p role="alert" className="field-error">
          {failed}
        </p>
      )}
      <button
        ref={submitButton}
        type="submit"
        className="button button-primary"
        disabled={isLoading}
      >
        {isLoading ? 'Submitting...' : 'Submit Application'}
      </button>
    </form>
  );
}
