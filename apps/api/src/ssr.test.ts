import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { getAsSent, type SentResponse } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { composePage, pageAgain, serializeState, stylesheetsFirst, webDir } from './ssr.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ web: true });
});
afterAll(() => app.close());

/** A GET of the path exactly as written: fetch and URL strings resolve '.' and '..' first. */
const getPath = (pathname: string): Promise<SentResponse> => getAsSent(app.url, {}, pathname);

/** The site's Page Not Found card, as HTML, with the status a page that is not there has. */
function expectNotFoundPage(res: SentResponse, pathname: string) {
  expect(res.status, pathname).toBe(404);
  expect(res.headers['content-type'], pathname).toBe('text/html; charset=utf-8');
  const html = res.body.toString();
  expect(html, pathname).toContain('<title>Page Not Found | Grand River Digital</title>');
  expect(html, pathname).toContain('<h1>Page Not Found</h1>');
}

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

  it("sends every other spelling of a page's address to it (301, with the query), and keeps the page once", async () => {
    expect((await getPath('/careers')).status).toBe(200);
    expect((await getPath('/careers')).headers['x-page-cache']).toBe('hit');
    const spellings = [
      '/careers/',
      '/CAREERS',
      '/Careers/',
      '/careers//',
      '/%63areers',
      '/%63AREERS/',
      '/./careers',
      '/careers/.',
      '/x/../careers',
    ];
    // Twice each: a spelling kept in memory would be a 200 the second time.
    for (const spelling of [...spellings, ...spellings]) {
      const res = await getPath(`${spelling}?utm_source=x&a=%20`);
      expect(res.status, spelling).toBe(301);
      expect(res.headers.location, spelling).toBe('/careers?utm_source=x&a=%20');
      expect(res.headers['x-page-cache'], spelling).toBeUndefined();
    }
    expect((await getPath('/')).status).toBe(200);
    expect((await getPath('//')).headers.location).toBe('/');
    // A host in the path is a path: sent to its plain spelling on this site, where no page is,
    // and never a way off the site.
    for (const [away, plain] of [
      ['//a1.example/careers', '/a1.example/careers'],
      ['//evil.example/', '/evil.example'],
      ['/\\evil.example/', '/evil.example'],
    ] as const) {
      const res = await getPath(away);
      expect(res.status, away).toBe(301);
      expect(res.headers.location, away).toBe(plain);
      expectNotFoundPage(await getPath(plain), plain);
    }
    // A second address of a page is shown where it was asked for, spelt plainly, and kept
    // (a bot asking for it again costs no render); any other spelling of it goes to it first.
    const alias = await getPath('/blogs');
    expect(alias.status).toBe(200);
    expect(alias.body.toString()).toContain(
      '<link rel="canonical" href="https://www.example.ca/blog">',
    );
    expect((await getPath('/blogs')).headers['x-page-cache']).toBe('hit');
    for (const spelling of ['/BLOGS', '/blogs/', '/blogs//', '/%62logs']) {
      const res = await getPath(spelling);
      expect(res.status, spelling).toBe(301);
      expect(res.headers.location, spelling).toBe('/blogs');
    }
    // The back office's addresses too (/ADMIN rendered the back office on the server: a 500).
    for (const [spelling, plain] of [
      ['/ADMIN', '/admin'],
      ['/Admin/login', '/admin/login'],
    ] as const) {
      const res = await getPath(spelling);
      expect(res.status, spelling).toBe(301);
      expect(res.headers.location, spelling).toBe(plain);
    }
  });

  it('answers a path with a control character or a malformed escape with the Page Not Found card', async () => {
    for (const pathname of [
      '/%09/',
      '/%09%09/',
      '/%0A/',
      '/blog/%09',
      '/case-studies/50%',
      '/blog/%E0%A4%A',
      '/%E0%A4%A',
      '/careers/%ZZ?q=1',
    ])
      expectNotFoundPage(await getPath(pathname), pathname);
    // The API keeps its JSON answer.
    const api = await getPath('/api/blog/%E0%A4%A');
    expect(api.status).toBe(400);
    expect(api.headers['content-type']).toContain('application/json');
  });

  it('never serves the unrendered template: /index.html, however spelt, is the home page (301)', async () => {
    for (const spelling of ['/index.html', '/%69ndex.html', '//index.html', '/x/../index.html']) {
      const res = await getPath(spelling);
      expect(res.status, spelling).toBe(301);
      expect(res.headers.location, spelling).toBe('/');
      expect(res.body.toString(), spelling).not.toContain('<!--app-');
    }
    expect((await getPath('/index.html?ref=a')).headers.location).toBe('/?ref=a');
    const home = await getPath('/');
    expect(home.body.toString()).not.toContain('<!--app-');
    expect(home.body.toString()).toContain('<title>');
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
