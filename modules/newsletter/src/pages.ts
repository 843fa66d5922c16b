import { escapeHtml } from '@kw/platform';
import { CONFIRM_PATH } from './confirm-link.ts';
import { CONFIRMATION_DAYS, SUBSCRIBE_CONFIRMED_MESSAGE } from './contract.ts';
import { UNSUBSCRIBE_PATH } from './unsubscribe-link.ts';

// The confirmation and unsubscribe pages: plain server HTML, so they work in any mail client's
// browser without the site's JavaScript.

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | Grand River Digital</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f7f7;color:#1d2a2b;margin:0;display:grid;min-height:100vh;place-items:center}
main{background:#fff;max-width:32rem;margin:1rem;padding:2rem;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.5rem;margin-top:0;color:#0f3d3e}
button{background:#0f3d3e;color:#fff;border:0;border-radius:8px;padding:.75rem 1.25rem;font-size:1rem;cursor:pointer}
a{color:#0f3d3e}
</style></head>
<body><main>${body}</main></body></html>`;
}

export function confirmPage(token: string, email: string): string {
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe from our newsletter?</h1>
<p>You will no longer receive the Grand River Digital newsletter at <strong>${escapeHtml(email)}</strong>.</p>
<form method="post" action="${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}">
<button type="submit">Unsubscribe</button>
</form>
<p><a href="/">Keep my subscription and go to the website</a></p>`,
  );
}

export function donePage(already = false): string {
  return page(
    'Unsubscribed',
    `<h1>${already ? "You're already unsubscribed" : "You're unsubscribed"}</h1>
<p>You will not receive our newsletter any more. If this was a mistake, you can sign up again at the bottom of any page of our website.</p>
<p><a href="/">Go to the website</a></p>`,
  );
}

export function refusedPage(reason: 'invalid' | 'expired' | 'unknown'): string {
  const text = {
    invalid:
      'This unsubscribe link is not valid: it may have been cut short or changed. Please use the link from your most recent newsletter e-mail.',
    expired:
      'This unsubscribe link has expired. Please use the link from your most recent newsletter e-mail.',
    unknown: 'We could not find this subscription. It may already have been removed.',
  }[reason];
  return page(
    'Unsubscribe link not valid',
    `<h1>We could not unsubscribe you with this link</h1>
<p>${escapeHtml(text)}</p>
<p>You can also write to us from the <a href="/contact">contact page</a> and we will remove your address.</p>`,
  );
}

/**
 * The confirmation link's page. Opening it confirms nothing (a mail scanner opens links too):
 * the subscription counts once the person presses Confirm, a POST.
 */
export function confirmRequestPage(token: string, email: string | null): string {
  return page(
    'Confirm your subscription',
    `<h1>Confirm your subscription</h1>
<p>Press Confirm to receive the Grand River Digital newsletter${email ? ` at <strong>${escapeHtml(email)}</strong>` : ''}: practical AI tips for Waterloo Region businesses, once a month. You can unsubscribe at any time with the link in every e-mail.</p>
<form method="post" action="${CONFIRM_PATH}?token=${encodeURIComponent(token)}">
<button type="submit">Confirm</button>
</form>
<p>If you did not sign up, close this page: without your confirmation you will not be subscribed, and we will not write again.</p>`,
  );
}

export function confirmedPage(already: boolean): string {
  return page(
    'Subscribed',
    `<h1>${already ? "You're already subscribed" : 'Subscription confirmed'}</h1>
<p>${escapeHtml(SUBSCRIBE_CONFIRMED_MESSAGE)}</p>
<p><a href="/">Go to the website</a></p>`,
  );
}

export function confirmRefusedPage(reason: 'invalid' | 'expired' | 'replaced' | 'unknown'): string {
  const text = {
    invalid:
      'This confirmation link is not valid: it may have been cut short or changed. Please use the link from the e-mail exactly as it is.',
    expired: `This confirmation link has expired: links work for ${CONFIRMATION_DAYS} days. Please sign up again at the bottom of any page of our website.`,
    replaced:
      'A newer confirmation e-mail was sent to this address. Please use the link in the most recent one.',
    unknown:
      'We could not find this sign-up: it may have expired or been removed. Please sign up again at the bottom of any page of our website.',
  }[reason];
  return page(
    'Confirmation link not valid',
    `<h1>We could not confirm your subscription</h1>
<p>${escapeHtml(text)}</p>
<p><a href="/">Go to the website</a></p>`,
  );
}
