import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useMemo,
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

/** What a toast region shows, and where: the page's, or an open modal dialog's. */
interface ToastState {
  toast: ToastItem | null;
  dismiss(): void;
  viewport: RefObject<HTMLOListElement | null>;
  /** A modal dialog opened: the toasts show inside it until the returned function is called. */
  enterModal(): () => void;
}

const ToastStateContext = createContext<ToastState | null>(null);

/**
 * One toast visible at a time, 5 s each, swipe right to dismiss, F8 focuses the region. While a
 * modal dialog is open the region is inside it: a modal <dialog> sits in the browser's top layer
 * and makes the rest of the page inert, so a toast outside it would show under its backdrop,
 * out of reach.
 */
export function Toaster({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastItem | null>(null);
  const [modals, setModals] = useState(0);
  const viewport = useRef<HTMLOListElement>(null);
  const next = useRef(1);

  const show = useCallback((input: ToastInput) => {
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

  const state = useMemo<ToastState>(
    () => ({
      toast,
      dismiss: () => setToast(null),
      viewport,
      enterModal: () => {
        setModals((n) => n + 1);
        return () => setModals((n) => n - 1);
      },
    }),
    [toast],
  );

  return (
    <ToastContext.Provider value={show}>
      <ToastStateContext.Provider value={state}>
        {children}
        {modals === 0 && <ToastRegion />}
      </ToastStateContext.Provider>
    </ToastContext.Provider>
  );
}

/** Inside an open modal dialog (shared/public/Modal.tsx): the toasts show there meanwhile. */
export function useToastsInModal(open: boolean): void {
  const state = useContext(ToastStateContext);
  const enter = state?.enterModal;
  useEffect(() => (open && enter ? enter() : undefined), [open, enter]);
}

/** The region the toasts show in: the page's, or the open modal dialog's. */
export function ToastRegion() {
  const state = useContext(ToastStateContext);
  const swipeStart = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const toast = state?.toast ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new toast starts unswiped
  useEffect(() => setOffset(0), [toast?.id]);
  if (!state) return null;
  return (
    <section aria-label="Notifications (F8)" className="toast-region">
      <ol ref={state.viewport} tabIndex={-1} className="toast-viewport">
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
              if (offset > SWIPE_THRESHOLD_PX) state.dismiss();
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
              onClick={state.dismiss}
            >
              ×
            </button>
          </li>
        )}
      </ol>
    </section>
  );
}
