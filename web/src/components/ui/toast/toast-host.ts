/**
 * Where the toast stack is drawn. An open native <dialog> sits in the browser's top layer, above any z-index, and makes
 * the rest of the page inert (unseen by screen readers too): a toast about the dialog's form, drawn in the page, would
 * be hidden behind it. Each open modal registers its dialog here; the toaster draws into the newest one.
 */
type Listener = () => void;

let hosts: readonly HTMLElement[] = [];
const listeners = new Set<Listener>();

function emit() {
  for (const l of listeners) l();
}

export const toastHost = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /** The newest open modal, or null when the page itself hosts the toasts. */
  current(): HTMLElement | null {
    return hosts[hosts.length - 1] ?? null;
  },
};

/** A modal opened: toasts go inside it until it closes. Returns the undo. */
export function registerToastHost(element: HTMLElement): () => void {
  hosts = [...hosts, element];
  emit();
  return () => {
    hosts = hosts.filter((h) => h !== element);
    emit();
  };
}
