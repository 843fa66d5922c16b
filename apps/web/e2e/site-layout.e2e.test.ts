import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { gotoHydrated, hasFocus, launchChromium, reportPageOnFailure } from './browser.ts';

let app: TestApp;
let browser: Browser;
let phone: BrowserContext;
let current: Page | undefined;
reportPageOnFailure(() => current);
beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ web: true }), launchChromium()]);
  phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await phone.newPage();
  current = page;
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /hydrat/i.test(msg.text())) errors.push(msg.text());
  });
  await gotoHydrated(page, `${app.url}${path}`);
  await page.locator('.menu-button').waitFor({ state: 'attached' });
  return { page, errors };
}

describe('the public layout on a phone', () => {
  it('the drawer opens from the menu button, keeps focus inside, closes on Escape and when a link is chosen', async () => {
    const { page, errors } = await open('/');
    const menu = page.getByRole('button', { name: 'Open menu' });
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Navigation menu' });
    await drawer.waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(Math.round((await drawer.boundingBox())!.width)).toBe(300);
    // focus starts inside and Tab never leaves the drawer
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(
          "document.getElementById('mobile-menu').contains(document.activeElement)",
        ),
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await menu.click();
    await drawer.waitFor();
    await drawer.getByRole('link', { name: 'About' }).click();
    await page.waitForURL(`${app.url}/about`);
    await drawer.waitFor({ state: 'hidden' });
    // The about page's module (and the founder's photo) load on the way: wait for its heading.
    await page.getByRole('heading', { level: 1, name: 'About Grand River Digital' }).waitFor();
    await expect.poll(() => page.title()).toBe('About Us | Grand River Digital');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      'https://www.example.ca/about',
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the drawer is 400 px wide from the small breakpoint', async () => {
    const context = await browser.newContext({ viewport: { width: 700, height: 900 } });
    const page = await context.newPage();
    await gotoHydrated(page, `${app.url}/services`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation menu' });
    await drawer.waitFor();
    expect(Math.round((await drawer.boundingBox())!.width)).toBe(400);
    await context.close();
  });

  it('/blog is highlighted in the navigation on /blogs too', async () => {
    const { page } = await open('/blogs');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const blog = page.getByRole('dialog').getByRole('link', { name: 'Blog' });
    expect(await blog.getAttribute('aria-current')).toBe('page');
    await page.close();
  });

  it('a filled honeypot in the footer signup shows "Please try again." and sends nothing', async () => {
    const { page } = await open('/');
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await page.getByRole('textbox', { name: 'Newsletter email address' }).fill('bot@example.com');
    await page.locator('input[name="name"]').fill('Spam Bot', { force: true });
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const toast = page.getByRole('status');
    await toast.getByText('Please try again.').waitFor();
    expect(await toast.getByText('Error').isVisible()).toBe(true);
    expect(posts).toEqual([]);
    await page.close();
  });

  it('an empty e-mail sends nothing and says why, next to the field', async () => {
    const { page } = await open('/');
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Email is required').waitFor();
    expect(
      await page
        .getByRole('textbox', { name: 'Newsletter email address' })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(posts).toEqual([]);
    await page.close();
  });

  it('a failed signup shows the destructive error toast, with the button saying Subscribing... meanwhile', async () => {
    const { page } = await open('/services?utm_source=linkedin&utm_campaign=spring');
    let body: unknown;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/newsletter/subscribe', async (route) => {
      body = route.request().postDataJSON();
      await held;
      // The server fails (the newsletter module answers success otherwise).
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Internal server error' }),
      });
    });
    await page.getByRole('textbox', { name: 'Newsletter email address' }).fill('ann@example.ca');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const busy = page.getByRole('button', { name: 'Subscribing...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    const toast = page.getByRole('status');
    await toast.getByText('Failed to subscribe. Please try again.').waitFor();
    expect(await toast.getByText('Error').isVisible()).toBe(true);
    expect(await toast.getAttribute('class')).toContain('toast-destructive');
    expect(body).toMatchObject({
      email: 'ann@example.ca',
      name: '',
      source: 'footer',
      utmSource: 'linkedin',
      utmCampaign: 'spring',
    });
    await page.close();
  });

  it('an address no page can have (a tab, a NUL, a broken escape) shows Page Not Found and comes alive without an error', async () => {
    for (const path of ['/%09/', '/blog/%00', '/case-studies/50%']) {
      const { page, errors } = await open(path);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toBe(
        'Page Not Found',
      );
      expect(errors, path).toEqual([]);
      await page.close();
    }
  });

  it('the founder page shows the avatar placeholder bottom-left; it expands and links to /contact', async () => {
    const { page } = await open('/daniel');
    const avatar = page.getByRole('button', { name: /Chat with Daniel's AI digital twin/ });
    const box = (await avatar.boundingBox())!;
    expect(box.x).toBeLessThan(40);
    expect(box.y + box.height).toBeGreaterThan(844 - 100);
    expect(box.width).toBe(box.height);
    await avatar.click();
    const panel = page.getByRole('region', { name: "Daniel's AI Digital Twin" });
    await panel.waitFor();
    // Escape closes it, as a disclosure's panel, and the focus is back on its button.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect(await hasFocus(avatar)).toBe(true);
    await avatar.click();
    await panel.getByRole('link', { name: 'Contact Us' }).click();
    await page.waitForURL(`${app.url}/contact`);
    await page.close();
  });

  it('navigating from a marketing page to careers loads the store and the jobs then, without errors', async () => {
    const { page, errors } = await open('/services');
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    // The jobs' answer held back: until it comes, the filter gives no count (not 'All Positions (0)').
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/jobs?published=true', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Careers' }).click();
    await page.waitForURL(`${app.url}/careers`);
    await page.getByRole('heading', { level: 1, name: 'Join Our Team' }).waitFor();
    await page.getByText('Loading positions...').waitFor();
    expect(await page.getByRole('button', { name: 'All Positions', exact: true }).isVisible()).toBe(
      true,
    );
    release();
    await page.getByRole('button', { name: 'All Positions (0)' }).waitFor();
    // the jobs were not in the server's state of /services: the store's code (RTK Query) came
    // with this navigation, then the request, and the page shows its answer (no jobs here)
    await page.getByText('No Open Positions').first().waitFor();
    expect(requests.some((url) => /\/assets\/store-[\w-]+\.js$/.test(url))).toBe(true);
    expect(requests.some((url) => url.endsWith('/api/jobs?published=true'))).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an accepted signup shows the success toast (check your inbox), clears the e-mail and stores a pending subscriber', async () => {
    const { page } = await open('/about');
    const email = page.getByRole('textbox', { name: 'Newsletter email address' });
    await email.fill('grace@example.ca');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const toast = page.getByRole('status');
    await toast.getByText('Check your inbox to confirm your subscription.').waitFor();
    expect(await toast.getByText('Success!').isVisible()).toBe(true);
    expect(await email.inputValue()).toBe('');
    const subscriber = await app
      .db('newsletter_subscribers')
      .where({ email: 'grace@example.ca' })
      .first();
    expect(subscriber).toMatchObject({ source: 'footer', status: 'pending', subscribed: false });
    await page.close();
  });
});

describe('scrolling, on a wide screen', () => {
  /** A page whose clock stands still: the scroll's repeat 100 ms on fires as the test moves it. */
  async function openPaused(path: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 700 } });
    await context.clock.pauseAt(Date.now() + 5_000);
    const page = await context.newPage();
    current = page;
    await gotoHydrated(page, `${app.url}${path}`);
    return page;
  }

  it('a page opened at one of its sections stays there as it comes alive; a route change starts the next page at its top', async () => {
    const page = await openPaused('/ethical-ai#report');
    await page.clock.runFor(500);
    expect(await page.evaluate<number>('scrollY')).toBeGreaterThan(0);
    const top = await page.evaluate<number>(
      "document.getElementById('report').getBoundingClientRect().top",
    );
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(700);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(`${app.url}/privacy-policy`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate<number>('scrollY')).toBe(0);
    // And again 100 ms later, over whatever moved the new page meanwhile.
    await page.evaluate('scrollTo(0, 300)');
    expect(await page.evaluate<number>('scrollY')).toBe(300);
    await page.clock.runFor(200);
    expect(await page.evaluate<number>('scrollY')).toBe(0);
    await page.context().close();
  });

  it('a tap on a button far down the page, as it comes alive, is not lost: the page stays under the finger', async () => {
    const page = await openPaused('/services');
    const subscribe = page.getByRole('button', { name: 'Subscribe' });
    await subscribe.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate<number>('scrollY');
    expect(scrolled).toBeGreaterThan(0);
    const box = (await subscribe.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // Press and release 150 ms apart, past the 100 ms a route change's second scroll waits.
    await page.clock.runFor(150);
    expect(await page.evaluate<number>('scrollY')).toBe(scrolled);
    await page.mouse.up();
    // The e-mail is empty: the click reached the form, which says why it sends nothing.
    await page.getByText('Email is required').waitFor();
    await page.context().close();
  });
});
