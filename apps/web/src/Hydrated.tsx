import { useEffect } from 'react';

/**
 * Marks the page interactive once React has committed it: `<html data-hydrated>`. The server
 * renders it too (its effect does not run there): a sibling the server's tree lacked would
 * shift every `useId` of the page, and the ids the browser looks up (a form's first invalid
 * field, to focus it) would not be the ones in the server's HTML.
 */
export function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}
