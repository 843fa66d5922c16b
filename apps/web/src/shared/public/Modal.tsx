import { type ReactNode, useEffect, useId, useRef } from 'react';
import { ToastRegion, useToastsInModal } from './Toaster.tsx';

/**
 * A modal on the native <dialog>: the browser traps focus, closes it on Escape and puts the
 * rest of the page out of reach. A click on the backdrop closes it too: one pressed and released
 * there, not a text selection dragged out of the dialog (its click lands on the dialog as well).
 */
export function Modal({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const pressedOnBackdrop = useRef(false);
  const titleId = useId();
  // The toasts raised while it is open show inside it, above its backdrop.
  useToastsInModal(open);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the dialog natively
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={open ? titleId : undefined}
      onClose={onClose}
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === ref.current;
      }}
      onClick={(event) => {
        if (event.target === ref.current && pressedOnBackdrop.current) onClose();
        pressedOnBackdrop.current = false;
      }}
    >
      {/* A closed dialog holds nothing: no empty heading in the page. */}
      {open && (
        <div className="modal-body">
          <div className="modal-header">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </div>
          {children}
        </div>
      )}
      {open && <ToastRegion />}
    </dialog>
  );
}
