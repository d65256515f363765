import { LIMITS } from '@gowild/contract/limits';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** A toast (docs/product/README.md#toasts). */
export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message: string;
  duration: number;
}

export interface ToastInput {
  type: ToastType;
  title: string;
  message?: string;
  /** Milliseconds; 6000 by default (docs/product/README.md#toasts). */
  duration?: number;
  /** Showing a toast with the id of one already shown replaces it instead of stacking a copy. */
  id?: string;
}

let toasts: Toast[] = [];
const listeners = new Set<() => void>();
let counter = 0;

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a toast from anywhere (components, hooks, event handlers); returns its id. */
export function showToast(input: ToastInput): string {
  counter += 1;
  const id = input.id ?? `toast-${counter}`;
  const next: Toast = {
    id,
    type: input.type,
    title: input.title,
    message: input.message ?? '',
    duration: input.duration ?? LIMITS.toastDurationMs,
  };
  toasts = [...toasts.filter((t) => t.id !== id), next];
  emit();
  return id;
}

export function dismissToast(id: string): void {
  const before = toasts.length;
  toasts = toasts.filter((t) => t.id !== id);
  if (toasts.length !== before) emit();
}

export function clearToasts(): void {
  toasts = [];
  emit();
}

export const toastStore = {
  getSnapshot: (): Toast[] => toasts,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
