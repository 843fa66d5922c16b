import { useEffect, useRef, useState } from 'react';
import { serverMessageOf } from './serverErrors.ts';

/**
 * Asks the server to parse and map the pasted source, 300 ms after the last keystroke. Only the
 * answer for the latest text is kept, and the previous preview stays on screen meanwhile.
 */
export function useServerPreview<T>(
  source: string,
  request: (source: string) => { unwrap(): Promise<T> },
  check?: (source: string) => string | null,
): { data: T | undefined; problem: string | null } {
  const [state, setState] = useState<{ data: T | undefined; problem: string | null }>({
    data: undefined,
    problem: null,
  });
  const requestRef = useRef(request);
  requestRef.current = request;
  const checkRef = useRef(check);
  checkRef.current = check;
  useEffect(() => {
    if (!source.trim()) {
      setState({ data: undefined, problem: null });
      return;
    }
    const local = checkRef.current?.(source) ?? null;
    if (local) {
      setState({ data: undefined, problem: local });
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      requestRef
        .current(source)
        .unwrap()
        .then(
          (data) => current && setState({ data, problem: null }),
          (error: unknown) =>
            current &&
            setState({ data: undefined, problem: serverMessageOf(error) ?? 'Invalid format' }),
        );
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [source]);
  return state;
}
