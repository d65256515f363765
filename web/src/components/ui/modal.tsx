import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { registerToastHost } from '@/components/ui/toast/toast-host';

interface ModalProps {
  open: boolean;
  /** True while the closing fade runs (the parent keeps it mounted until it ends). */
  closing?: boolean;
  onClose: () => void;
  /** Id of the visible heading inside children that names the dialog. */
  labelledBy: string;
  /** md: a short message; lg: a form (the alert modal). */
  size?: 'md' | 'lg';
  children: ReactNode;
}

const WIDTHS = { md: 'max-w-md', lg: 'max-w-xl' } as const;

/**
 * A dialog on the native <dialog> element: focus is kept inside, Escape closes, the page behind is inert, and focus
 * goes back to what had it before (the button that opened it) when the dialog goes away.
 * It fades in and out over 150 ms, the delay of docs/product/README.md#modals.
 */
export function Modal({ open, closing = false, onClose, labelledBy, size = 'md', children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  // Before showModal() moves focus into the dialog: remember where it was.
  useLayoutEffect(() => {
    if (!open) return;
    const dialog = ref.current;
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      // This runs while the dialog is still in the page and modal (everything else inert): close it first, then
      // give focus back, since an unmounted dialog never gets the browser's own focus restoring.
      if (dialog?.open && typeof dialog.close === 'function') dialog.close();
      const target = returnTo.current;
      returnTo.current = null;
      if (target?.isConnected) target.focus();
    };
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  // While open, toasts are drawn inside the dialog: the top layer would hide them otherwise.
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    return registerToastHost(dialog);
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={`fixed inset-0 m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${WIDTHS[size]} overflow-y-auto overscroll-contain rounded-2xl bg-white p-0 shadow-2xl transition-opacity duration-150 backdrop:bg-slate-900/50 starting:opacity-0 ${
        closing ? 'opacity-0' : 'opacity-100'
      }`}
    >
      {children}
    </dialog>
  );
}
