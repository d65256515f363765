import { useCallback, useEffect, useRef, useState } from 'react';

/** Menus open and close with a 200 ms delay on hover (docs/product/README.md#account-menu); clicks and keys act at once. */
export const MENU_DELAY_MS = 200;

export function useDelayedToggle(delay = MENU_DELAY_MS) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  const cancel = useCallback(() => {
    if (timer.current !== undefined) window.clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  const later = useCallback(
    (next: boolean) => {
      cancel();
      timer.current = window.setTimeout(() => setOpen(next), delay);
    },
    [cancel, delay],
  );
  const now = useCallback(
    (next: boolean) => {
      cancel();
      setOpen(next);
    },
    [cancel],
  );

  useEffect(() => cancel, [cancel]);
  return { open, openLater: () => later(true), closeLater: () => later(false), setOpen: now };
}
