import { useEffect, useState } from 'react';
import { Notice } from '@/components/ui/notice';
import { addGoogleScript } from '@/features/auth/hooks/use-google-identity';
import { useAppConfig } from '@/lib/app-config';

/** The debug check waits at most 10 s for the library, polling every 100 ms (docs/product/accounts-and-plans.md#google-sign-in). */
export const DEBUG_WAIT_MS = 10_000;
export const DEBUG_POLL_MS = 100;

type Check = 'waiting' | 'loaded' | 'timeout';

/** Loads the GIS script and reports whether window.google.accounts.id appeared in time. */
export function GoogleDebug() {
  const config = useAppConfig();
  const clientId = config.data?.googleClientId ?? null;
  const [check, setCheck] = useState<Check>('waiting');
  const [elapsed, setElapsed] = useState(0);

  useEffect(() => {
    if (!clientId) return;
    addGoogleScript();
    const started = Date.now();
    const timer = window.setInterval(() => {
      const ms = Date.now() - started;
      setElapsed(ms);
      if (window.google?.accounts?.id) {
        window.clearInterval(timer);
        setCheck('loaded');
      } else if (ms >= DEBUG_WAIT_MS) {
        window.clearInterval(timer);
        setCheck('timeout');
      }
    }, DEBUG_POLL_MS);
    return () => window.clearInterval(timer);
  }, [clientId]);

  if (config.isPending) return <p className="text-slate-600">Loading configuration…</p>;
  if (!clientId)
    return (
      <Notice tone="warning" title="Google sign-in is not configured">
        The server has no GOOGLE_CLIENT_ID, so the Google buttons are hidden.
      </Notice>
    );
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 rounded-xl border border-slate-200 bg-white p-5 text-sm">
      <dt className="font-medium text-slate-500">Client id</dt>
      <dd className="break-all text-slate-900">{clientId}</dd>
      <dt className="font-medium text-slate-500">Library</dt>
      <dd
        data-testid="google-debug-status"
        className={check === 'loaded' ? 'text-emerald-700' : check === 'timeout' ? 'text-red-700' : 'text-slate-700'}
      >
        {check === 'loaded' && `Loaded after ${elapsed} ms`}
        {check === 'waiting' && `Waiting… ${Math.round(elapsed / 100) / 10} s`}
        {check === 'timeout' && 'Google Identity Services not loaded. Please refresh the page.'}
      </dd>
    </dl>
  );
}
