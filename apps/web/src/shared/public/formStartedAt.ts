import { useCallback, useRef } from 'react';

/**
 * When the visitor first focused or typed in a form (epoch ms), for the server's "faster than a
 * person could type" check. Undefined until then, so a form the visitor never touched sends no
 * `startedAt` and the check stays out of it. `restart` after a successful send: the next
 * message is timed from its own start.
 */
export function useFormStartedAt() {
  const startedAt = useRef<number | undefined>(undefined);
  const markStarted = useCallback(() => {
    startedAt.current ??= Date.now();
  }, []);
  const restart = useCallback(() => {
    startedAt.current = undefined;
  }, []);
  return {
    /** Spread on the <form>: focus and input events of its fields bubble up to it. */
    formProps: { onFocus: markStarted, onInput: markStarted },
    startedAt: () => startedAt.current,
    restart,
  };
}
