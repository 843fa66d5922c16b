import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { launchChromium, submitAdminLogin } from './browser.ts';

let app: TestApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ web: true }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** What the authenticator app shows for `secret`, `steps` periods (30 s) from now. */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

async function signInWithPassword(page: Page) {
  await page.goto(`${app.url}/admin`);
  await submitAdminLogin(page);
}

describe('two-factor sign-in in the browser', () => {
  it('is set up in Settings → Security with the QR code and one code, then asked for at sign-in; logout and "sign out everywhere" end sessions on the server', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await signInWithPassword(page);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await page.getByText('Username and password authentication').isVisible()).toBe(true);

    // The open sessions: this one, from this browser.
    const sessions = page.getByRole('table', { name: 'Open sessions' });
    await sessions.getByText('This device').waitFor();
    expect(await sessions.getByText(/Chrome.* on Linux/).isVisible()).toBe(true);
    expect(await sessions.getByText('127.0.0.1').isVisible()).toBe(true);

    // Set-up: the QR code, whose text alternative names the key; one code confirms it.
    await page.getByRole('button', { name: 'Set Up Two-Factor Authentication' }).click();
    const qr = page.getByRole('img', { name: /QR code for your authenticator app/ });
    await qr.waitFor();
    const secret = (await qr.getAttribute('alt'))!.replace(/^.*Key: /, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByLabel('Key').textContent()).toBe(secret.match(/.{4}/g)!.join(' '));
    await page.getByLabel('2. Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Turn On' }).click();
    await page.getByText('The authentication code is not correct.').first().waitFor();
    await page.getByLabel('2. Code from the app').fill(codeFor(secret));
    await page.getByRole('button', { name: 'Turn On' }).click();
    await page.getByText('Two-Factor Authentication On').waitFor();

    // Ten recovery codes, shown this once.
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    const codes = await list.getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'I Have Saved Them' }).click();
    await page.getByText(/10 recovery codes left/).waitFor();
    expect(
      await page
        .getByText('Username and password, with a code from an authenticator app')
        .isVisible(),
    ).toBe(true);
    // The session went on with a fresh token.
    const token = await page.evaluate(() => localStorage.getItem('adminToken'));
    expect((await app.fetch('/api/contact', { token: token! })).status).toBe(200);

    // Notices open in the bottom corner, clear of the header (Logout) and the page's top.
    const notice = await page.locator('.ant-notification-notice').first().boundingBox();
    const heading = await page.getByRole('heading', { name: 'Settings' }).boundingBox();
    expect(notice!.y).toBeGreaterThan(heading!.y + heading!.height + 200);
    // Logout ends the session on the server: its token no longer reads anything.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/`);
    expect((await app.fetch('/api/contact', { token: token! })).status).toBe(401);

    // Signing in again: the password, then the code step.
    await signInWithPassword(page);
    const code = page.getByLabel('Authentication code');
    await code.waitFor();
    await code.fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Login Failed').waitFor();
    expect(await page.getByText('The authentication code is not correct.').isVisible()).toBe(true);
    // The set-up used this period's code: the app's next one signs in.
    await code.fill(codeFor(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText('Login Successful').waitFor();

    // Sign out everywhere: back to the login form, and the token is refused.
    const second = await page.evaluate(() => localStorage.getItem('adminToken'));
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    await page.getByRole('button', { name: 'Sign Out Everywhere' }).last().click();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect((await app.fetch('/api/auth/verify', { token: second! })).status).toBe(401);

    // A recovery code signs in too.
    await signInWithPassword(page);
    await page.getByLabel('Authentication code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
