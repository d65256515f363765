import { StatusBoard } from '@/features/status/components/status-board';

/** /status: the public data-health page (docs/product/status.md), readable by anyone. */
export function StatusRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <title>Data status · GoWild Finder</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Data status</h1>
      <p className="mt-3 text-lg text-slate-600">
        How fresh and how healthy our flight data is right now, and every other service we rely on, over the last hour.
      </p>
      <StatusBoard />
    </div>
  );
}
