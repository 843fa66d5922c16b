// The dates the server formatted for the page it rendered, by style, zone and instant. The page
// carries them (see entry-server and entry-client), and the browser's hydration reads them
// instead of starting Intl, whose first formatter costs a phone about 100 ms of one long task.
// On the server they are collected around the one synchronous render, so no two pages mix.

let served: Record<string, string> = {};
let collecting: Record<string, string> | undefined;

/** The text the server gave for this key, if it gave one. */
export function servedDateText(key: string): string | undefined {
  return Object.hasOwn(served, key) ? served[key] : undefined;
}

/** Notes a formatted text while a page renders on the server. */
export function noteDateText(key: string, text: string): void {
  if (collecting) collecting[key] = text;
}

/** In the browser, before hydrating: the texts the server rendered the page with. */
export function preloadDateTexts(texts: Record<string, string>): void {
  served = texts;
}

/** On the server: runs one synchronous render and returns the texts it formatted. */
export function collectDateTexts<T>(render: () => T): { result: T; texts: Record<string, string> } {
  const texts: Record<string, string> = {};
  collecting = texts;
  try {
    return { result: render(), texts };
  } finally {
    collecting = undefined;
  }
}
