import { coreValues, founder } from '@kw/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';

// The marketing pages as a crawler gets them: server-rendered HTML with the content and the
// search-engine metadata, before any JavaScript runs.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    web: true,
    env: {
      EFFICIENCY_EDGE_URL: 'https://edge.example.com/start',
      AVATAR_WIDGET_URL: 'https://avatar.example.com/widget.js',
      ANALYTICS_TRACKER_ID: 'G-TEST1234',
    },
  });
});
afterAll(() => app.close());

const PAGES: [path: string, h1: string, title: string][] = [
  [
    '/',
    'Practical AI and Software for Waterloo Region Businesses',
    // 68 characters with the site name: past about 60 the page's own title goes alone.
    'AI &amp; Software Consulting in Kitchener-Waterloo',
  ],
  ['/services', 'Our Services', 'Our Services | Grand River Digital'],
  [
    '/artificial-intelligence',
    'Artificial Intelligence Solutions',
    'Artificial Intelligence Solutions | Grand River Digital',
  ],
  [
    '/custom-software-dev',
    'Custom Software &amp; Web Development',
    'Custom Software &amp; Web Development | Grand River Digital',
  ],
  [
    '/integration-automation',
    'Integration &amp; Automation',
    'Integration &amp; Automation | Grand River Digital',
  ],
  [
    '/digital-readiness',
    'Technical &amp; Business Analysis',
    'Technical &amp; Business Analysis | Grand River Digital',
  ],
  [
    '/poc-services',
    'Proof of Concept Solutions',
    'Proof of Concept Solutions | Grand River Digital',
  ],
  ['/about', 'About Grand River Digital', 'About Us | Grand River Digital'],
  ['/contact', 'Get in Touch', 'Contact Us | Grand River Digital'],
  ['/privacy-policy', 'Privacy Policy', 'Privacy Policy | Grand River Digital'],
  ['/ethical-ai', 'Ethical AI Use Policy', 'Ethical AI Use Policy | Grand River Digital'],
  [
    `/${founder.slug}`,
    `Chat with ${founder.firstName}&#x27;s AI Digital Twin`,
    `Chat with ${founder.firstName}&#x27;s AI Digital Twin | Grand River Digital`,
  ],
];

function jsonLd(html: string): any[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
}

describe('every marketing page, rendered on the server', () => {
  it.each(PAGES)(
    '%s answers 200 with its h1, title, canonical link, share tags and JSON-LD',
    async (path, h1, title) => {
      const res = await app.fetch(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      const h1s = [...html.matchAll(/<h1[^>]*>(.*?)<\/h1>/g)].map((m) => m[1]);
      expect(h1s).toEqual([h1]); // exactly one h1
      expect(html).toContain(`<title>${title.replace('&#x27;', "'")}</title>`);
      expect(html).toContain(`<link rel="canonical" href="https://www.example.ca${path}">`);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}">/);
      expect(html).toMatch(/<meta name="keywords" content="[^"]+">/);
      expect(html).toContain(`<meta property="og:url" content="https://www.example.ca${path}">`);
      expect(html).toContain(
        '<meta property="og:image" content="https://www.example.ca/og-image.png">',
      );
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
      const data = jsonLd(html);
      const org = data.find(
        (d) => Array.isArray(d['@type']) && d['@type'].includes('ProfessionalService'),
      );
      expect(org).toMatchObject({
        name: 'Grand River Digital',
        address: { addressLocality: 'Cambridge', addressRegion: 'ON', addressCountry: 'CA' },
        areaServed: { name: 'CA' },
        availableLanguage: ['English', 'French'],
        aggregateRating: { ratingValue: '5.0' },
      });
      expect(org.hasOfferCatalog.itemListElement).toHaveLength(6);
      const crumbs = data.find((d) => d['@type'] === 'BreadcrumbList');
      expect(crumbs.itemListElement[0]).toMatchObject({
        name: 'Home',
        item: 'https://www.example.ca/',
      });
      expect(crumbs.itemListElement.at(-1).item).toBe(`https://www.example.ca${path}`);
      // landmarks for every page
      expect(html).toContain('<header class="site-header">');
      expect(html).toContain('<main id="main"');
      expect(html).toContain('<footer class="site-footer">');
    },
  );

  it('the long service paths answer 301 to the short canonical ones', async () => {
    const expected = {
      '/services/artificial-intelligence': '/artificial-intelligence',
      '/services/custom-software': '/custom-software-dev',
      '/services/integration': '/integration-automation',
      '/services/business-analysis': '/digital-readiness',
      '/services/proof-of-concept': '/poc-services',
    };
    for (const [from, to] of Object.entries(expected)) {
      const res = await app.fetch(from);
      expect(res.status, from).toBe(301);
      expect(new URL(res.headers.get('location')!, app.url).pathname).toBe(to);
    }
  });

  it('/efficiency-edge sends the browser to the configured external site', async () => {
    const res = await app.fetch('/efficiency-edge');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://edge.example.com/start');
  });

  it('an unknown path is the Page Not Found card with status 404 and noindex', async () => {
    const res = await app.fetch('/no-such-page');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<h1>Page Not Found</h1>');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('the home page shows the trust content: services, 5.0 stars, clients and Featured On', async () => {
    const html = await (await app.fetch('/')).text();
    expect(html).toContain('Get Started Today');
    expect(html).toContain('View Our Services');
    expect(html.match(/>Learn More</g)).toHaveLength(6);
    expect(html).toContain('aria-label="5.0 out of 5 stars"');
    expect(html).toContain('Conestoga Precision Machining');
    expect(html).toContain('Featured On');
    // Efficiency Edge opens the external site in a new tab
    expect(html).toMatch(/<a class="learn-more" href="\/efficiency-edge" target="_blank"/);
    // Each rating is one drawing of five stars, not five icons (the page is sent often).
    const ratings = html.match(/<span class="stars"[^>]*>.*?<\/span>/g) ?? [];
    expect(ratings.length).toBeGreaterThan(1);
    for (const rating of ratings) expect(rating.match(/<svg/g)).toHaveLength(1);
  });

  it('the layout has the navigation, Get Started, the footer links, the signup and © 2024', async () => {
    const html = await (await app.fetch('/about')).text();
    for (const href of ['/services', '/about', '/case-studies', '/blog', '/careers', '/contact'])
      expect(html).toContain(`href="${href}"`);
    for (const href of [
      '/artificial-intelligence',
      '/custom-software-dev',
      '/integration-automation',
      '/digital-readiness',
      '/poc-services',
      '/privacy-policy',
      '/ethical-ai',
    ])
      expect(html).toContain(`href="${href}"`);
    expect(html).toContain('Get Started');
    expect(html).toContain('Subscribe');
    expect(html).toContain('© <!-- -->2024');
    expect(html).toContain('aria-current="page"');
  });

  it('the privacy policy has 10 numbered sections including PIPEDA', async () => {
    const html = await (await app.fetch('/privacy-policy')).text();
    const sections = html.match(/<li><h2>/g) ?? [];
    expect(sections).toHaveLength(10);
    expect(html).toContain('PIPEDA');
  });

  it('the contact page has its cards, Why Choose Us and Visit Our Office', async () => {
    const html = await (await app.fetch('/contact')).text();
    for (const text of [
      'Available Monday - Friday, 9 AM - 6 PM EST',
      'We respond within 24 hours',
      'Why Choose Us?',
      '100% Google Reviews',
      '#1 AI Solutions Provider in KW',
      'Microsoft Partner',
      '25+ Years Experience',
      'Visit Our Office',
      'N1R 7L6',
    ])
      expect(html).toContain(text);
    expect(jsonLd(html).some((d) => d['@type'] === 'ContactPage')).toBe(true);
  });

  it('the about page links to the founder twin and has five values and the timeline years', async () => {
    const html = await (await app.fetch('/about')).text();
    expect(html).toContain(`href="/${founder.slug}"`);
    expect(html).toMatch(new RegExp(`Chat with (<!-- -->)?${founder.firstName}`));
    for (const value of coreValues) expect(html).toContain(`<h3>${value.title}</h3>`);
    expect(coreValues).toHaveLength(5);
    for (const year of ['2004', '2019', '2022', '2024', '2025'])
      expect(html).toContain(`>${year}<`);
  });

  it('serves the share image, the logo and the founder portrait that the pages and JSON-LD name', async () => {
    for (const [path, type] of [
      ['/og-image.png', 'image/png'],
      ['/logo.png', 'image/png'],
      [founder.photo, 'image/svg+xml'],
    ] as const) {
      const res = await app.fetch(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain(type);
    }
  });

  it('compresses pages and scripts for clients that accept it, scripts once at the highest level', async () => {
    const page = await app.fetch('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(page.headers.get('vary')).toContain('Accept-Encoding');
    expect(await page.text()).toContain('<h1>'); // the client decodes it
    const plain = await app.fetch('/', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const html = await plain.text();
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    const asset = await app.fetch(script, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(await asset.text()).toMatch(/import|export/);
    const json = await app.fetch('/api/analytics/events', {
      method: 'POST',
      json: { kind: 'nothing' },
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(json.status).toBe(400); // small answers are sent as they are
    expect(json.headers.get('content-encoding')).toBeNull();
  });

  it('hands the avatar widget and tracker settings to the browser, and lets only their origins through the CSP', async () => {
    const res = await app.fetch(`/${founder.slug}`);
    const html = await res.text();
    const site = JSON.parse(
      html.match(/<script type="application\/json" id="__SITE__">(.*?)<\/script>/)![1]!,
    );
    expect(site).toEqual({
      avatarWidgetUrl: 'https://avatar.example.com/widget.js',
      analyticsTrackerId: 'G-TEST1234',
    });
    const csp = res.headers.get('content-security-policy')!;
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '))!;
    expect(scriptSrc).toBe(
      "script-src 'self' https://avatar.example.com https://www.googletagmanager.com",
    );
  });

  it.each([
    [
      '/artificial-intelligence',
      ['Assessment', 'Strategy', 'Implementation', 'Optimization'],
      ['/contact', '/case-studies'],
    ],
    ['/custom-software-dev', 4, ['/contact', '/poc-services']],
    ['/integration-automation', 4, ['/contact', '/digital-readiness']],
    ['/digital-readiness', 5, ['/contact', '/artificial-intelligence']],
    ['/poc-services', 5, ['/contact', '/custom-software-dev']],
  ] as const)('%s has its process steps and its calls to action', async (path, steps, calls) => {
    const html = await (await app.fetch(path)).text();
    const titles = [
      ...html.matchAll(/<li class="card process-step">.*?<h3>.*?<\/span>(.*?)<\/h3>/g),
    ].map((m) => m[1]);
    if (typeof steps === 'number') expect(titles).toHaveLength(steps);
    else expect(titles).toEqual(steps);
    const closing = html.slice(html.indexOf('class="closing"'));
    for (const to of calls) expect(closing).toContain(`href="${to}"`);
  });

  it('the service pages show their sections: four services each, tools with category badges, six ideal-for cards', async () => {
    const integration = await (await app.fetch('/integration-automation')).text();
    for (const badge of ['No-Code', 'Low-Code', 'Custom', 'Technical'])
      expect(integration).toContain(`<span class="badge">${badge}</span>`);
    expect(integration.match(/<li class="metric">/g)).toHaveLength(4);
    const poc = await (await app.fetch('/poc-services')).text();
    for (const timeline of ['2-4 weeks', '1-2 weeks', '2-3 weeks']) expect(poc).toContain(timeline);
    const ideal = poc.slice(poc.indexOf('id="poc-ideal"'), poc.indexOf('class="closing"'));
    expect(ideal.match(/<li class="card">/g)).toHaveLength(6);
    const services = await (await app.fetch('/services')).text();
    expect(services.match(/>Featured</g)).toHaveLength(1);
    const ethical = await (await app.fetch('/ethical-ai')).text();
    for (const level of ['High', 'Medium', 'Low', 'Minimal'])
      expect(ethical).toContain(`${level}<!-- --> Risk`);
    expect(ethical).toContain('48 hours');
  });
});
