/** Phones and tablets use the device's share sheet; other screens copy the link. */
export function isHandheld(): boolean {
  if (typeof navigator === 'undefined') return false;
  const ua = navigator.userAgent;
  return (
    /Android|iPhone|iPad|iPod|Mobile|Tablet|Silk|Kindle/i.test(ua) ||
    // iPadOS reports itself as a Mac, but has a touch screen.
    (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1)
  );
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export async function shareLink(title: string, url: string): Promise<ShareOutcome> {
  if (isHandheld() && typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return 'shared';
    } catch (error) {
      if ((error as Error).name === 'AbortError') return 'cancelled';
      // Fall through to copying when sharing is refused.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
