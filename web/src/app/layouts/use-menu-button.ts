import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useDelayedToggle } from '@/app/layouts/use-delayed-toggle';

/**
 * A menu button's behaviour (the WAI-ARIA menu button pattern): open on hover after a delay, on click, or by
 * ArrowDown, Enter or Space with the first item focused; in the menu, the arrow keys, Home and End move between items,
 * Escape closes it and gives the focus back to the button, Tab closes it; a pointer down outside closes it.
 */
export function useMenuButton() {
  const { open, openLater, closeLater, setOpen, toggle } = useDelayedToggle();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusFirst = useRef(false);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (open && focusFirst.current) {
      focusFirst.current = false;
      items()[0]?.focus();
    }
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, setOpen]);

  const close = (focusButton = false) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      focusFirst.current = true;
      setOpen(true);
      if (open) items()[0]?.focus();
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number | undefined> = {
      ArrowDown: (index + 1) % list.length,
      ArrowUp: (index - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    };
    if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (moves[e.key] !== undefined) {
      e.preventDefault();
      list[moves[e.key]!]?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return { open, setOpen, toggle, close, openLater, closeLater, buttonRef, menuRef, onButtonKey, onMenuKey };
}
