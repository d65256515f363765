import { type ReactNode, useEffect, useRef } from 'react';

interface ModalProps {
  open: boolean;
  /** True while the closing fade runs (the parent keeps it mounted until it ends). */
  closing?: boolean;
  onClose: () => void;
  /** Id of the visible heading inside children that names the dialog. */
  labelledBy: string;
  children: ReactNode;
}

/**
 * A dialog on the native <dialog> element: focus is kept inside, Escape closes, the page behind is inert.
 * The fade lasts 150 ms, the delay of docs/product/README.md#modals.
 */
export function Modal({ open, closing = false, onClose, labelledBy, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);

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

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={`fixed inset-0 m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 shadow-2xl transition-opacity duration-150 backdrop:bg-slate-900/50 ${
        closing ? 'opacity-0' : 'opacity-100'
      }`}
    >
      {children}
    </dialog>
  );
}
