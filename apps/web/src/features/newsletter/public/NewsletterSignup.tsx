import { FOOTER_SIGNUP_TEXT } from '@kw/newsletter/presentation';
import { type FormEvent, useId, useState } from 'react';
import { whenStoreReady } from '../../../deferred-store.ts';
import { useFormStartedAt } from '../../../shared/public/formStartedAt.ts';
import { useSubmitButtonFocus } from '../../../shared/public/submitButtonFocus.ts';
import { useToast } from '../../../shared/public/Toaster.tsx';
import { ANALYTICS_EVENTS, trackEvent, utmParameters } from '../../analytics/public/analytics.ts';

const FAILURE = {
  title: 'Error',
  description: 'Failed to subscribe. Please try again.',
  variant: 'destructive',
} as const;

/** The sign-up is pending until the e-mail's link is confirmed (double opt-in, CASL). */
const SUCCESS = {
  title: 'Success!',
  description: 'Check your inbox to confirm your subscription.',
};

/**
 * The footer's newsletter signup (public-site.md §4, §5, §8). The contract (zod) and the API
 * slice (RTK Query) load on submit only, so they stay out of every page's first load. Its
 * texts are the consent record's wording (`@kw/newsletter/presentation`), word for word.
 */
export function NewsletterSignup() {
  const id = useId();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submitButton = useSubmitButtonFocus(busy);
  const timing = useFormStartedAt();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const { isNewsletterHoneypotFilled, newsletterSignupSchema, NEWSLETTER_HONEYPOT_MESSAGE } =
        await import('@kw/newsletter/contract');
      if (isNewsletterHoneypotFilled({ name })) {
        toast({ title: 'Error', description: NEWSLETTER_HONEYPOT_MESSAGE, variant: 'destructive' });
        return;
      }
      const parsed = newsletterSignupSchema.safeParse({
        email,
        name,
        source: 'footer',
        page: window.location.pathname,
        ...utmParameters(),
      });
      if (!parsed.success) {
        setError(
          parsed.error.issues.find((i) => i.path[0] === 'email')?.message ??
            'Invalid email address',
        );
        document.getElementById(`${id}-email`)?.focus();
        return;
      }
      setError(null);
      const [{ newsletterApi }, store] = await Promise.all([import('../api.ts'), whenStoreReady()]);
      await store
        .dispatch(
          newsletterApi.endpoints.footerNewsletterSignup.initiate({
            ...parsed.data,
            startedAt: timing.startedAt(),
          }),
        )
        .unwrap();
      toast(SUCCESS);
      setEmail('');
      timing.restart();
    } catch {
      trackEvent({ ...ANALYTICS_EVENTS.newsletterError, label: 'footer' });
      toast(FAILURE);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="newsletter"
      method="post"
      onSubmit={onSubmit}
      {...timing.formProps}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="footer-heading">
        {FOOTER_SIGNUP_TEXT.heading}
      </h2>
      <p className="footer-note">{FOOTER_SIGNUP_TEXT.note}</p>
      <div className="newsletter-row">
        <label htmlFor={`${id}-email`} className="visually-hidden">
          Newsletter email address
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Your email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-email-error` : undefined}
        />
        <button ref={submitButton} type="submit" className="button button-light" disabled={busy}>
          {busy ? 'Subscribing...' : FOOTER_SIGNUP_TEXT.button}
        </button>
      </div>
      <p className="footer-note">{FOOTER_SIGNUP_TEXT.consent}</p>
      {error && (
        <p id={`${id}-email-error`} className="field-error field-error-inverse">
          {error}
        </p>
      )}
      {/* Off-screen trap for bots; people never see or fill it. */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          name="name"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
    </form>
  );
}
