import { useLayoutEffect, useRef } from 'react';

/**
 * Keeps a keyboard user's place across a send. A submit button disabled while its form sends
 * ('Sending...') loses the focus it had (the browser blurs a disabled element), so the next Tab
 * started again from the top of the page, or, in a dialog, from outside it. When the send ends,
 * the button gets the focus back if nothing else took it meanwhile (a field with an error, or
 * the control a closing dialog returns to). Put the ref on the submit button.
 */
export function useSubmitButtonFocus(busy: boolean) {
  const button = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  // Read before the render that disables the button: afterwards the focus is already gone.
  if (busy && !hadFocus.current && typeof document !== 'undefined')
    hadFocus.current = document.activeElement === button.current && button.current !== null;
  useLayoutEffect(() => {
    if (busy || !hadFocus.current) return;
    hadFocus.current = false;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost && button.current?.isConnected) button.current.focus();
  }, [busy]);
  return button;
}
