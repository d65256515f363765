import { type Caller, type SearchGate, type SearchOutcome, searchCounts } from '../modules/accounts/accounts.module';

/** A gate for flight-engine tests that lets every search in as the given caller and records outcomes. */
export function fixedCallerGate(caller: Partial<Caller> = {}) {
  const outcomes: SearchOutcome[] = [];
  let cancelled = 0;
  const who: Caller = { userId: 'test-user', email: 'test@example.com', isPremium: true, isAdmin: false, ...caller };
  const gate: SearchGate = {
    admit: async () => {
      // As the real gate: the first of settle or cancel takes effect, later calls do nothing.
      let settled: { charged: boolean } | null = null;
      return {
        caller: who,
        settle: async (o) => {
          if (settled) return settled;
          outcomes.push(o);
          return (settled = { charged: searchCounts(o) });
        },
        cancel: async () => {
          if (settled) return;
          settled = { charged: false };
          cancelled += 1;
        },
      };
    },
  };
  return { gate, outcomes, cancelled: () => cancelled };
}
