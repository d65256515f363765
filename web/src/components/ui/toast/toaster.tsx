import { useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { toastHost } from '@/components/ui/toast/toast-host';
import { dismissToast, type Toast, type ToastType, toastStore } from '@/components/ui/toast/toast-store';

const STYLES: Record<ToastType, { box: string; bar: string; icon: string; label: string }> = {
  success: { box: 'border-emerald-200', bar: 'bg-emerald-500', icon: 'text-emerald-600', label: 'Success' },
  error: { box: 'border-red-200', bar: 'bg-red-500', icon: 'text-red-600', label: 'Error' },
  warning: { box: 'border-amber-200', bar: 'bg-amber-500', icon: 'text-amber-600', label: 'Warning' },
  info: { box: 'border-sky-200', bar: 'bg-sky-500', icon: 'text-sky-600', label: 'Information' },
};

const ICON_PATHS: Record<ToastType, string> = {
  success: 'M9 12.75 11.25 15 15 9.75M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  error: 'M12 9v3.75m9-.75a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9 3.75h.008v.008H12v-.008Z',
  warning:
    'M12 9v3.75m-9.303 3.376c-.866 1.5.217 3.374 1.948 3.374h14.71c1.73 0 2.813-1.874 1.948-3.374L13.949 3.378c-.866-1.5-3.032-1.5-3.898 0L2.697 16.126ZM12 15.75h.007v.008H12v-.008Z',
  info: 'm11.25 11.25.041-.02a.75.75 0 0 1 1.063.852l-.708 2.836a.75.75 0 0 0 1.063.853l.041-.021M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9-3.75h.008v.008H12V8.25Z',
};

function ToastItem({ toast }: { toast: Toast }) {
  const style = STYLES[toast.type];
  useEffect(() => {
    const timer = window.setTimeout(() => dismissToast(toast.id), toast.duration);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.duration]);

  return (
    <li
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-toast-type={toast.type}
      className={`pointer-events-auto relative w-full overflow-hidden rounded-xl border bg-white shadow-lg ring-1 ring-black/5 ${style.box}`}
    >
      <div className="flex items-start gap-3 p-4">
        <svg
          aria-hidden="true"
          className={`mt-0.5 size-5 shrink-0 ${style.icon}`}
          fill="none"
          viewBox="0 0 24 24"
          strokeWidth={1.8}
          stroke="currentColor"
        >
          <path strokeLinecap="round" strokeLinejoin="round" d={ICON_PATHS[toast.type]} />
        </svg>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-slate-900">
            <span className="sr-only">{style.label}: </span>
            {toast.title}
          </p>
          {toast.message && <p className="mt-1 text-sm text-slate-600">{toast.message}</p>}
        </div>
        <button
          type="button"
          onClick={() => dismissToast(toast.id)}
          className="-m-1 rounded-md p-1 text-slate-400 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-brand-700"
          aria-label={`Dismiss notification: ${toast.title}`}
        >
          <svg aria-hidden="true" className="size-4" viewBox="0 0 20 20" fill="currentColor">
            <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
          </svg>
        </button>
      </div>
      <div
        data-testid="toast-progress"
        aria-hidden="true"
        className={`animate-toast-progress absolute inset-x-0 bottom-0 h-1 origin-left ${style.bar}`}
        style={{ animationDuration: `${toast.duration}ms` }}
      />
    </li>
  );
}

/**
 * The toast stack, top right (docs/product/README.md#toasts). Mounted once by the root layout; while a modal is open
 * the stack is drawn inside it (toast-host.ts), so it shows above the modal and stays readable and announced.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  const host = useSyncExternalStore(toastHost.subscribe, toastHost.current, () => null);
  const stack = (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex justify-end p-4 sm:top-2 sm:right-2 sm:left-auto"
    >
      <ol className="flex w-full max-w-sm flex-col gap-3">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </ol>
    </div>
  );
  return host ? createPortal(stack, host) : stack;
}
