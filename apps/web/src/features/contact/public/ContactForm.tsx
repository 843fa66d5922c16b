import type { ContactMessageInput } from '@kw/contact/contract';
import { CONTACT_SIGNUP_LABEL } from '@kw/newsletter/presentation';
import { CONTACT_SERVICE_OPTIONS as SERVICE_OPTIONS } from '@kw/site';
import { type FormEvent, useId, useState } from 'react';
import { whenStoreReady } from '../../../deferred-store.ts';
import {
  errorProps,
  FieldError,
  FieldLabel,
  firstIssues,
  TextField,
} from '../../../shared/public/fields.tsx';
import { useFormStartedAt } from '../../../shared/public/formStartedAt.ts';
import { useSubmitButtonFocus } from '../../../shared/public/submitButtonFocus.ts';
import { useToast } from '../../../shared/public/Toaster.tsx';
import { ANALYTICS_EVENTS, trackEvent } from '../../analytics/public/analytics.ts';

type Field = keyof ContactMessageInput;

/**
 * The contract (zod) and the API slice (RTK Query) load when the visitor sends the form, so
 * neither weighs on the contact page's first load.
 */
async function loadSubmission() {
  const [contract, { contactApi }, store] = await Promise.all([
    import('@kw/contact/contract'),
    import('../api.ts'),
    whenStoreReady(),
  ]);
  return {
    ...contract,
    send: (message: ContactMessageInput & { startedAt?: number | undefined }) =>
      store.dispatch(contactApi.endpoints.sendContactMessage.initiate(message)).unwrap(),
  };
}
const empty = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  company: '',
  service: '',
  message: '',
  subscribeNewsletter: false,
  website: '',
};

const FAILURE = {
  title: 'Error',
  description: 'Failed to send message. Please try again.',
  variant: 'destructive',
} as const;

/** 'Send Us a Message': checked on submit with the same contract the API checks again. */
export function ContactForm() {
  const id = useId();
  const toast = useToast();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [isLoading, setLoading] = useState(false);
  const submitButton = useSubmitButtonFocus(isLoading);
  const timing = useFormStartedAt();

  const set = (field: Field) => (value: string | boolean) =>
    setValues((v) => ({ ...v, [field]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    setLoading(true);
    try {
      await submit();
    } finally {
      setLoading(false);
    }
  }

  async function submit() {
    let submission: Awaited<ReturnType<typeof loadSubmission>>;
    try {
      submission = await loadSubmission();
    } catch {
      toast(FAILURE);
      return;
    }
    const { contactMessageSchema, HONEYPOT_MESSAGE, isHoneypotFilled, send } = submission;
    if (isHoneypotFilled(values)) {
      // Said where it shows (the toast), not under the hidden field no one sees.
      toast({ ...FAILURE, description: `${HONEYPOT_MESSAGE}. ${FAILURE.description}` });
      return;
    }
    const parsed = contactMessageSchema.safeParse(values);
    if (!parsed.success) {
      const found = firstIssues<Field>(parsed.error.issues);
      setErrors(found);
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setErrors({});
    try {
      await send({ ...parsed.data, startedAt: timing.startedAt() });
      trackEvent(ANALYTICS_EVENTS.contactSubmit);
      if (parsed.data.service)
        trackEvent({ ...ANALYTICS_EVENTS.serviceInterest, label: parsed.data.service });
      toast({
        title: 'Message Sent!',
        description: "Thank you for your message. We'll get back to you soon.",
      });
      setValues(empty);
      timing.restart();
    } catch {
      trackEvent(ANALYTICS_EVENTS.contactError);
      toast(FAILURE);
    }
  }

  const text = (
    field: Field,
    label: string,
    props: { type?: string; autoComplete?: string; required?: boolean } = {},
  ) => (
    <TextField
      formId={id}
      name={field}
      label={label}
      value={values[field] as string}
      onChange={set(field)}
      error={errors[field]}
      {...props}
    />
  );

  return (
    <form
      className="contact-form"
      method="post"
      onSubmit={onSubmit}
      {...timing.formProps}
      noValidate
      aria-label="Send Us a Message"
    >
      <div className="field-row">
        {text('firstName', 'First Name', { autoComplete: 'given-name', required: true })}
        {text('lastName', 'Last Name', { autoComplete: 'family-name', required: true })}
      </div>
      <div className="field-row">
        {text('email', 'Email', { type: 'email', autoComplete: 'email', required: true })}
        {text('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
      </div>
      <div className="field-row">
        {text('company', 'Company', { autoComplete: 'organization' })}
        <div className="field">
          <label htmlFor={`${id}-service`}>Service of Interest</label>
          <select
            id={`${id}-service`}
            name="service"
            value={values.service}
            onChange={(e) => set('service')(e.target.value)}
          >
            <option value="">Select a service</option>
            {SERVICE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <FieldLabel htmlFor={`${id}-message`} label="Message" required />
        <textarea
          id={`${id}-message`}
          name="message"
          rows={6}
          value={values.message}
          onChange={(e) => set('message')(e.target.value)}
          {...errorProps(`${id}-message`, errors.message)}
        />
        <FieldError id={`${id}-message`} error={errors.message} />
      </div>
      {/* Off-screen trap for bots; people never see or fill it. */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Website</label>
        <input
          id={`${id}-website`}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(e) => set('website')(e.target.value)}
        />
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          name="subscribeNewsletter"
          checked={values.subscribeNewsletter}
          onChange={(e) => set('subscribeNewsletter')(e.target.checked)}
        />
        {CONTACT_SIGNUP_LABEL}
      </label>
      <button
        ref={submitButton}
        type="submit"
        className="button button-primary"
        disabled={isLoading}
      >
        {isLoading ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
