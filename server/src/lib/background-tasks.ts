import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not delay or shape an answer (sending the reset e-mail: its timing would tell whether the address
 * has an account). Failures are logged, never thrown at the caller; `idle()` lets shutdown and tests wait for it.
 */
export function createBackgroundTasks() {
  const pending = new Set<Promise<void>>();
  return {
    run(name: string, log: FastifyBaseLogger, task: () => Promise<void>) {
      const p: Promise<void> = Promise.resolve()
        .then(task)
        .catch((err: unknown) => log.error({ err, task: name }, 'background task failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
