import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ToastItem extends ToastInput {
  id: number;
}

export const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

const ToastContext = createContext<(toast: ToastInput) => void>(() => {});

export const useToast = () => useContext(ToastContext);

/** One toast visible at a time, 5 s each, swipe right to dismiss, F8 focuses the region. */
export function Toaster({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastItem | null>(null);
  const viewport = useRef<HTMLOListElement>(null);
  const swipeStart = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const next = useRef(1);

  const show = useCallback((input: ToastInput) => {
    setOffset(0);
    setToast({ ...input, id: next.current++ });
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') viewport.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <section aria-label="Notifications (F8)" className="toast-region">
        <ol ref={viewport} tabIndex={-1} className="toast-viewport">
          {toast && (
            <li
              key={toast.id}
              role="status"
              aria-live={toast.variant === 'destructive' ? 'assertive' : 'polite'}
              aria-atomic="true"
              className={`toast ${toast.variant === 'destructive' ? 'toast-destructive' : ''}`}
              style={{ transform: offset ? `translateX(${offset}px)` : undefined }}
              onPointerDown={(event) => {
                swipeStart.current = event.clientX;
              }}
              onPointerMove={(event) => {
                if (swipeStart.current !== null)
                  setOffset(Math.max(0, event.clientX - swipeStart.current));
              }}
              onPointerUp={() => {
                if (offset > SWIPE_THRESHOLD_PX) setToast(null);
                swipeStart.current = null;
                setOffset(0);
              }}
            >
              <div>
                <div className="toast-title">{toast.title}</div>
                {toast.description && <div className="toast-description">{toast.description}</div>}
              </div>
              <button
                type="button"
                className="toast-close"
                aria-label="Close notification"
                onClick={() => setToast(null)}
              >
                ×
              </button>
            </li>
          )}
        </ol>
      </section>
    </ToastContext.Provider>
  );
}
