import { useCallback, useEffect, useRef, useState } from 'react';

/** Menus open and close with a 200 ms delay on hover (docs/product/README.md#account-menu); clicks and keys act at once. */
export const MENU_DELAY_MS = 200;

export function useDelayedToggle(delay = MENU_DELAY_MS) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  /** Whether the hover delay, not a click or a key, opened the menu that is open now. */
  const openedByHover = useRef(false);

  const cancel = useCallback(() => {
    if (timer.current !== undefined) window.clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  const later = useCallback(
    (next: boolean) => {
      cancel();
      timer.current = window.setTimeout(() => {
        openedByHover.current = next;
        setOpen(next);
      }, delay);
    },
    [cancel, delay],
  );
  const now = useCallback(
    (next: boolean) => {
      cancel();
      openedByHover.current = false;
      setOpen(next);
    },
    [cancel],
  );
  // A click on a menu that the hover delay has just opened keeps it open: the pointer came to the button to click it,
  // and a slow click (after the 200 ms) would otherwise shut the menu under it.
  const toggle = () => now(!open || openedByHover.current);

  useEffect(() => cancel, [cancel]);
  return { open, openLater: () => later(true), closeLater: () => later(false), setOpen: now, toggle };
}
