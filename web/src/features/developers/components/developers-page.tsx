import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

interface KeyedEndpoint {
  path: string;
  freshness: string;
  example: string;
}
interface Developers {
  endpoints: KeyedEndpoint[];
  quotas: { free: number; premium: number };
}
interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: { type?: string; format?: string; pattern?: string };
}
interface OpenApiDoc {
  paths: Record<string, { get?: { summary?: string; parameters?: OpenApiParameter[] } }>;
}

async function getJson<T>(url: string, signal: AbortSignal): Promise<T> {
  const res = await fetch(url, { signal });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

/** The keyed endpoints (from the server's list) and the OpenAPI document they are described in. */
function useDevelopers() {
  return useQuery({
    queryKey: ['developers'],
    queryFn: async ({ signal }) => {
      const [developers, doc] = await Promise.all([
        getJson<Developers>('/api/developers', signal),
        getJson<OpenApiDoc>('/api/docs/json', signal),
      ]);
      return { developers, doc };
    },
    staleTime: 5 * 60_000,
  });
}

function Endpoint({ endpoint, doc }: { endpoint: KeyedEndpoint; doc: OpenApiDoc }) {
  const op = doc.paths[endpoint.path]?.get;
  const params = (op?.parameters ?? []).filter((p) => p.in === 'query' || p.in === 'path');
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <section
      aria-labelledby={`ep-${endpoint.path}`}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="developers-endpoint"
    >
      <h3 id={`ep-${endpoint.path}`} className="break-all font-mono text-base font-semibold text-slate-900">
        <span className="mr-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-800">GET</span>
        {endpoint.path}
      </h3>
      {op?.summary ? <p className="mt-2 text-sm text-slate-700">{op.summary}</p> : null}
      <p className="mt-2 text-sm text-slate-600">
        <span className="font-semibold">Freshness:</span> {endpoint.freshness}
      </p>
      {params.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm text-slate-700">
          {params.map((p) => (
            <li key={p.name}>
              <code className="font-mono">{p.name}</code>
              {p.required ? ' (required)' : ''}
              {p.schema?.type ? ` · ${p.schema.format ?? p.schema.type}` : ''}
              {p.description ? ` · ${p.description}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      <pre className="mt-3 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
        <code>{`curl -H "X-API-Key: gwk_…" "${origin}${endpoint.example}"`}</code>
      </pre>
    </section>
  );
}

/**
 * /developers (docs/product/public-api.md): the endpoints a personal API key may call, generated from the server's
 * OpenAPI document (summaries, parameters) and its list of keyed routes (freshness, an example), with the quotas and
 * the rate-limit header fields.
 */
export function DevelopersPage() {
  const q = useDevelopers();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold text-slate-900">GoWild Finder API</h1>
      <p className="mt-3 text-slate-700">
        Read the data behind GoWild Finder from your own scripts: the grid, price history, GoWild likelihood and connections, all from the
        fares we keep. Create a personal key on your{' '}
        <Link to={paths.profile} className="font-semibold text-brand-700 underline">
          profile
        </Link>{' '}
        and send it as <code className="font-mono">X-API-Key: gwk_…</code> or <code className="font-mono">Authorization: Bearer gwk_…</code>
        . A key reads what its owner's plan reads; it never opens account, billing or admin pages.
      </p>
      {q.isPending ? <Spinner /> : null}
      {q.isError ? (
        <Notice tone="error" className="mt-6">
          The API description could not be loaded. Please try again.
        </Notice>
      ) : null}
      {q.data ? (
        <>
          <h2 className="mt-8 text-xl font-semibold text-slate-900">Quotas</h2>
          <p className="mt-2 text-slate-700" data-testid="developers-quotas">
            {q.data.developers.quotas.free.toLocaleString('en-US')} calls a day per key on the free plan,{' '}
            {q.data.developers.quotas.premium.toLocaleString('en-US')} on premium; the day starts over at midnight UTC. Every answer carries{' '}
            <code className="font-mono">RateLimit-Limit</code>, <code className="font-mono">RateLimit-Remaining</code> and{' '}
            <code className="font-mono">RateLimit-Reset</code> (seconds); past the quota the answer is 429 with{' '}
            <code className="font-mono">Retry-After</code>. Calls with a key do not use your in-app search allowance.
          </p>
          <h2 className="mt-8 text-xl font-semibold text-slate-900">Endpoints</h2>
          <div className="mt-3 space-y-4">
            {q.data.developers.endpoints.map((e) => (
              <Endpoint key={e.path} endpoint={e} doc={q.data.doc} />
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
