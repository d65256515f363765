import { describe, expect, it } from 'vitest';
import { createFailureWindow } from './failure-window';

describe('failure window (decision 162)', () => {
  it('reads failures as independent until enough outcomes are known', () => {
    const w = createFailureWindow(20, 10);
    for (let i = 0; i < 9; i++) w.record(true);
    expect(w.together()).toBe(false);
    w.record(true);
    expect(w.together()).toBe(true);
  });

  it('says failures come together when half of the last attempts failed, and forgets older ones', () => {
    const w = createFailureWindow(20, 10);
    // One failure in four, as a flaky but working airline: independent.
    for (let i = 0; i < 40; i++) w.record(i % 4 === 0);
    expect(w.together()).toBe(false);
    for (let i = 0; i < 10; i++) w.record(true);
    expect(w.together()).toBe(true);
    // Twenty good answers push every failure out of the window.
    for (let i = 0; i < 20; i++) w.record(false);
    expect(w.together()).toBe(false);
  });

  it('offsets failures known early by as many attempts under way that have begun answering (decision 220)', () => {
    const w = createFailureWindow(20, 10);
    for (let i = 0; i < 8; i++) w.record(false);
    for (let i = 0; i < 12; i++) w.record(true, true);
    expect(w.together()).toBe(true);
    // Twelve cuts while 37 slower answers are still coming: not the service failing as a whole.
    expect(w.together(37)).toBe(false);
    expect(w.together(3)).toBe(true);
  });

  it('lets no answer under way offset time-outs: they still come together', () => {
    const w = createFailureWindow(20, 10);
    for (let i = 0; i < 12; i++) w.record(true);
    expect(w.together(37)).toBe(true);
  });
});
