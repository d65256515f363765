/**
 * Answers from our own server that do not match the contract's schemas (decision 127). They are not the traveller's
 * fault and not a failure of the airline, so they are neither thrown nor hidden: each is counted here and reported
 * with console.warn (a warning, so the browser tests' console-error guard does not turn a reported data problem into
 * a second failure), and the screen that received it says which part it could not show.
 */
interface DataProblem {
  /** Where the answer came from, e.g. 'GET /api/flights/search/stream'. */
  source: string;
  /** What the answer was meant to be, e.g. 'destination event'. */
  what: string;
  /** The first schema issue: its path and message (never the values themselves). */
  issue: string;
}

const counts = new Map<string, number>();

/** Counts and reports one answer that failed its schema. */
export function reportDataProblem(problem: DataProblem): void {
  counts.set(problem.source, (counts.get(problem.source) ?? 0) + 1);
  console.warn(`Data problem: ${problem.what} from ${problem.source} does not match its schema (${problem.issue})`);
}

/** How many answers from each source failed their schema since the page loaded. */
export function dataProblemCounts(): ReadonlyMap<string, number> {
  return counts;
}
