import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['contract', 'server', 'web'],
    // Vitest's default is one worker fewer than there are cores: one test file at a time on the 2-core CI machine,
    // which left a core idle while a file waited on a child process, a timer or the database. One per core (the
    // parent process only collects results) halved the suite there (decision 254); one more than the cores fills
    // what those waits still left idle (177 s against 194 s on two cores, decision 324). VITEST_MAX_WORKERS
    // overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism()) + 1,
  },
});
