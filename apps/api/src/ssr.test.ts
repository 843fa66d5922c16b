import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { getAsSent } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { composePage, pageAgain, serializeState, stylesheetsFirst, webDir } from './ssr.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ web: true });
});
afterAll(() => app.close());

describe('server rendering', () => {
  it('renders a public page with its content, title, description and canonical link in the first HTML', async () => {
    const res = await app.fetch('/contact');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1>Get in Touch</h1>');
    expect(html).toContain('<title>Contact Us | Grand River Digital</title>');
    expect(html).toContain('<link rel="canonical" href="https://www.example.ca/contact">');
    expect(html).toContain('<meta name="description"');
    expect(html).toContain('Send Us a Message');
    expect(html).toMatch(/<script type="application\/json" id="__STATE__">\{"api":/);
    expect(html).not.toMatch(/<script>(?!<)/); // no inline executable script: the CSP allows none
  });

  it('answers an unknown path with the Page Not Found card and status 404', async () => {
    const res = await app.fetch('/no/such/page');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page Not Found');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('answers a public form sent before its script took over with its page again (303), reading nothing of what it carried', async () => {
    const form = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'firstName=Ada&email=ada%40example.ca&message=Call+me',
    };
    const res = await app.fetch('/contact?utm_source=linkedin', form);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contact?utm_source=linkedin');
    expect(res.headers.get('cache-control')).toBe('no-store');
    // Only ever to a page of this site.
    const away = await app.fetch('//elsewhere.example/contact', form);
    expect(away.status).toBe(303);
    expect(away.headers.get('location')).toBe('/');
    // The API's routes are not pages.
    expect((await app.fetch('/api/no-such-route', form)).status).toBe(404);
  });

  it('sends a posted form back only to a path of this site', () => {
    expect(pageAgain('/careers/engineer?x=1')).toBe('/careers/engineer?x=1');
    expect(pageAgain('//elsewhere.example/')).toBe('/');
    expect(pageAgain('/\\elsewhere.example/')).toBe('/');
    expect(pageAgain('https://elsewhere.example/')).toBe('/');
  });

  it('sends the back office as an empty shell, rendered in the browser', async () => {
    const res = await app.fetch('/admin/contact');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('noindex');
  });

  it('serves hashed assets with long caching', async () => {
    const html = await (await app.fetch('/')).text();
    const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(asset).toBeDefined();
    const res = await app.fetch(asset!);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('content-type')).toContain('javascript');
    expect((await app.fetch('/assets/missing.js')).status).toBe(404);
  });

  it('sends each script compressed as the build wrote it beside the file (brotli or gzip), or plain', async () => {
    const html = await (await app.fetch('/admin')).text();
    const asset = html.match(/src="\/assets\/([^"]+\.js)"/)?.[1];
    expect(asset).toBeDefined();
    const file = path.join(webDir, 'dist/client/assets', asset!);
    const plain = readFileSync(file);
    const get = async (encoding: string) => {
      const res = await getAsSent(`${app.url}/assets/${asset}`, { 'accept-encoding': encoding });
      return { encoding: res.headers['content-encoding'], body: res.body };
    };
    const br = await get('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.body.equals(readFileSync(`${file}.br`))).toBe(true);
    expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);
    const gz = await get('gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gz.body.equals(readFileSync(`${file}.gz`))).toBe(true);
    expect(gunzipSync(gz.body).equals(plain)).toBe(true);
    const identity = await get('identity');
    expect(identity.encoding).toBeUndefined();
    expect(identity.body.equals(plain)).toBe(true);
  });

  it('escapes the serialised state so it cannot close its script element', () => {
    expect(serializeState({ x: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });

  it('asks for the stylesheet before the script chunks', async () => {
    const html = await (await app.fetch('/')).text();
    const stylesheet = html.indexOf('<link rel="stylesheet"');
    expect(stylesheet).toBeGreaterThan(0);
    expect(stylesheet).toBeLessThan(html.indexOf('<script type="module"'));
    expect(stylesheet).toBeLessThan(html.indexOf('<link rel="modulepreload"'));
    const built =
      '<head>\n  <script type="module" src="/a.js"></script>\n  <link rel="modulepreload" href="/b.js">\n  <link rel="stylesheet" href="/c.css">\n</head>';
    expect(stylesheetsFirst(built)).toBe(
      '<head>\n  <link rel="stylesheet" href="/c.css">\n  <script type="module" src="/a.js"></script>\n  <link rel="modulepreload" href="/b.js">\n</head>',
    );
  });

  it("puts a page's text in as it is: '$&' and \"$'\" are not replacement patterns", () => {
    const page = composePage(
      '<head><!--app-head--></head><div><!--app-html--></div><!--app-state-->',
      {
        head: "<title>$& $' $`</title>",
        appHtml: "<p>Prices from $& and $'</p>",
        state: { text: "$'" },
      },
    );
    expect(page).toContain("<title>$& $' $`</title>");
    expect(page).toContain("<p>Prices from $& and $'</p>");
    expect(page).toContain('{"text":"$\'"}');
  });
});
