import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { clearToasts } from '@/components/ui/toast/toast-store';
import { resetFlightNumbers } from './build-flight';

// The test files of a worker share one jsdom window and one module graph (vitest.config.ts, isolate: false): this
// file runs again before each of them, so each starts as it would alone, whatever the file before it left behind.
resetFlightNumbers();
clearToasts();
window.localStorage.clear();
window.sessionStorage.clear();
window.history.replaceState(null, '', '/');
afterAll(async () => {
  cleanup();
  // A lazy panel a test rendered (an open card's hotels and cars, its weather) may still be importing its modules; the
  // worker's shared environment is torn down after its last file, and an import still loading then fails that file.
  await vi.dynamicImportSettled();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

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
