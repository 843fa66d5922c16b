// What each sign-up form says, word for word: the forms render these texts and the consent
// record keeps the same ones (CASL's proof of consent records what the person agreed to).
// Plain strings, so the public pages import them without the contract's zod.

/** The footer's form on every page. */
export const FOOTER_SIGNUP_TEXT = {
  heading: 'Newsletter',
  note: 'Practical AI tips for Waterloo Region businesses, once a month.',
  button: 'Subscribe',
  consent: "We'll e-mail you a link to confirm. You can unsubscribe at any time.",
} as const;

/** The contact form's tick box. */
export const CONTACT_SIGNUP_LABEL =
  "Subscribe to our newsletter for AI insights and updates (we'll e-mail you a link to confirm)";

/** The source a form sends, and the wording recorded for it. */
export const CONSENT_WORDING: Readonly<Record<string, string>> = {
  footer: `${FOOTER_SIGNUP_TEXT.heading}: ${FOOTER_SIGNUP_TEXT.note} [${FOOTER_SIGNUP_TEXT.button}] ${FOOTER_SIGNUP_TEXT.consent}`,
  'contact-form': `[x] ${CONTACT_SIGNUP_LABEL}`,
};

/** The wording of a source no form of this site names (an API client): what it agreed to. */
export const DEFAULT_CONSENT_WORDING = `Subscribe to the Grand River Digital newsletter. ${FOOTER_SIGNUP_TEXT.consent}`;

export function consentWordingFor(source: string): string {
  return Object.hasOwn(CONSENT_WORDING, source)
    ? CONSENT_WORDING[source]!
    : DEFAULT_CONSENT_WORDING;
}
