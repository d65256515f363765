import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// A console.error in a component test is a failure (React warnings included).
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`console.error was called: ${errors.map((a) => a.map(String).join(' ')).join('\n')}`);
});

// `npm run test:clocks`: components live on the chosen day (TEST_NOW), with time still running.
// Pinned here already, so dates a test file computes when it loads are on the chosen day too.
const pinned = process.env.TEST_NOW;
function pinDate(at: string) {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(at));
}
if (pinned) {
  pinDate(pinned);
  beforeEach(() => pinDate(pinned));
  afterEach(() => {
    vi.useRealTimers();
  });
}
