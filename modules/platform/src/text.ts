// HTML text in and out, with no imports: presentation helpers, which the public pages load
// first, use it (`@kw/platform/text`); `@kw/platform/contract` re-exports it.

/**
 * Text made safe to put inside HTML or XML (element content or a quoted attribute): the one
 * escaper, for pages, mail, feeds, sitemaps and SVG alike.
 */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const NAMED_ENTITIES = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['nbsp', ' '],
]);

/**
 * Text of HTML-escaped text: escapeHtml's inverse (decodeHtmlEntities(escapeHtml(s)) === s). Decodes
 * &amp; &lt; &gt; &quot; and numeric references (&#39;, &#x27;) in one pass, so '&amp;lt;'
 * is '&lt;', never '<'. &nbsp; is a plain space: callers want words, not layout. Anything else
 * stays as written.
 */
export function decodeHtmlEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-z]+));/g,
    (entity: string, dec?: string, hex?: string, name?: string) => {
      if (name !== undefined) return NAMED_ENTITIES.get(name) ?? entity;
      const code = dec !== undefined ? Number(dec) : Number.parseInt(hex ?? '', 16);
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : entity;
    },
  );
}

/**
 * A path no page can have: a malformed escape, or a control character once decoded (a NUL,
 * refused in every path, or a tab, which the router cannot even make its links from). The server
 * renders the Page Not Found card for it, at `/404`, before any read; the browser's router,
 * which cannot hold it either, takes the same address.
 */
export function namesNoPage(pathname: string): boolean {
  try {
    return /\p{Cc}/u.test(decodeURIComponent(pathname));
  } catch {
    return true;
  }
}
