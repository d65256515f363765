import type { Caller, SearchGate, SearchOutcome } from '../modules/accounts/accounts.module';

/** A gate for flight-engine tests that lets every search in as the given caller and records outcomes. */
export function fixedCallerGate(caller: Partial<Caller> = {}) {
  const outcomes: SearchOutcome[] = [];
  let cancelled = 0;
  const who: Caller = { userId: 'test-user', email: 'test@example.com', isPremium: true, isAdmin: false, ...caller };
  const gate: SearchGate = {
    admit: async () => ({
      caller: who,
      complete: async (o) => {
        outcomes.push(o);
      },
      cancel: async () => {
        cancelled += 1;
      },
    }),
  };
  return { gate, outcomes, cancelled: () => cancelled };
}
