import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../../tests/harness.ts';
import { launchChromium, signInToBackOffice } from './browser.ts';

/** The page's globals inside `evaluate` (the tests' TypeScript has no DOM library). */
type InPage = any;

let app: TestApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ web: true }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('Settings', () => {
  // First: the next one changes the password.
  it("Site: uploads the founder's photo, which the about page shows round, and removes it", async () => {
    const token = await app.login();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript((t) => localStorage.setItem('adminToken', t), token);
    await page.goto(`${app.url}/admin/settings`);
    await page.getByRole('tab', { name: 'Site' }).click();
    await page.getByText('No photo: the initials are shown').waitFor();
    const jpeg = await sharp({
      create: { width: 480, height: 640, channels: 3, background: '#2a6' },
    })
      .jpeg()
      .toBuffer();
    await page
      .getByTestId('founder-photo-file')
      .setInputFiles({ name: 'daniel.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.getByTestId('founder-photo-name').getByText('daniel.jpg').waitFor();
    await page.getByTestId('founder-photo-preview').waitFor();

    await page.goto(`${app.url}/about`);
    const photo = page.getByRole('img', { name: 'Daniel Mercier', exact: true });
    await photo.scrollIntoViewIfNeeded();
    // Loaded (lazy, now in view), and shown as a 160-px circle whatever its proportion.
    await photo.evaluate((img: InPage) => img.decode());
    expect(
      await photo.evaluate((img: InPage) => {
        const style = (globalThis as InPage).getComputedStyle(img);
        const box = img.getBoundingClientRect();
        return [style.objectFit, style.borderRadius, Math.round(box.width), Math.round(box.height)];
      }),
    ).toEqual(['cover', '50%', 160, 160]);

    await page.goto(`${app.url}/admin/settings`);
    await page.getByRole('tab', { name: 'Site' }).click();
    await page.getByRole('button', { name: 'Remove photo' }).click();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('No photo: the initials are shown').waitFor();
    expect((await (await app.fetch('/api/site/founder-photo')).json()).photo).toBeNull();
    await page.close();
  });

  // Before the test that changes the password: this one signs in with the first.
  it("a wrong current password is said under its field, and in the toast without the field's key", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInToBackOffice(page, app.url);
    await page.goto(`${app.url}/admin/settings`);
    await page.getByLabel('Current Password').fill('wrong-password');
    await page.getByLabel('New Password', { exact: true }).fill('abcdef1');
    await page.getByLabel('Confirm New Password').fill('abcdef1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    const notice = page.locator('.ant-notification-notice', { hasText: 'Password Change Failed' });
    await notice.waitFor();
    expect(await notice.locator('.ant-notification-notice-description').textContent()).toBe(
      'Current password is incorrect',
    );
    const field = page.locator('.ant-form-item', { hasText: 'Current Password' });
    expect(await field.locator('.ant-form-item-explain-error').textContent()).toBe(
      'Current password is incorrect',
    );
    // Typing again takes the server's message away.
    await page.getByLabel('Current Password').fill(TEST_ADMIN.password);
    await field.locator('.ant-form-item-explain-error').waitFor({ state: 'detached' });
    await page.close();
  });

  it('changes the password with the spec rules and messages, keeping the session with the fresh token', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInToBackOffice(page, app.url);
    const firstToken = await page.evaluate(() => localStorage.getItem('adminToken'));
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await page.getByText('Administrator with full access').isVisible()).toBe(true);
    expect(await page.getByText('Username and password authentication').isVisible()).toBe(true);

    // The §5 rules, in the browser.
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Current password is required').waitFor();
    await page.getByText('Please confirm your new password').waitFor();
    await page.getByLabel('Current Password').fill('wrong password');
    await page.getByLabel('New Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm New Password').fill('abd');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('New password must be at least 6 characters').waitFor();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('password1');
    await page.getByLabel('Confirm New Password').fill('password1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page
      .getByText(
        'New password is one of the most common passwords: choose one that is harder to guess',
      )
      .waitFor();

    // Show/hide toggles.
    const current = page.getByLabel('Current Password');
    expect(await current.getAttribute('type')).toBe('password');
    await page.locator('.ant-input-password-icon').first().click();
    expect(await current.getAttribute('type')).toBe('text');

    // The server's refusal.
    await page.getByLabel('New Password', { exact: true }).fill('new secret 1');
    await page.getByLabel('Confirm New Password').fill('new secret 1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password Change Failed').waitFor();
    expect(await page.getByText('Current password is incorrect').first().isVisible()).toBe(true);

    // Success: the fresh token replaces the old one and the session goes on.
    await current.fill(TEST_ADMIN.password);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password Updated').waitFor();
    expect(await page.getByText('Your password has been successfully changed.').isVisible()).toBe(
      true,
    );
    const freshToken = await page.evaluate(() => localStorage.getItem('adminToken'));
    expect(freshToken).not.toBe(firstToken);
    expect((await app.fetch('/api/auth/verify', { token: freshToken! })).status).toBe(200);

    // System and About tabs show real values.
    await page.getByRole('tab', { name: 'System' }).click();
    await page.getByText('PostgreSQL').waitFor();
    expect(await page.getByText(app.config.uploadsDir).isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'About' }).click();
    await page.getByText('1.0.0').waitFor();
    await page.close();
  });
});
