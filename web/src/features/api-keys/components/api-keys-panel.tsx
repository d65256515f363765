import { API_KEY_MESSAGES, type ApiKey } from '@gowild/contract/api-keys';
import { formatDayLong } from '@gowild/contract/date-labels';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { API_KEYS_KEY, apiKeysQueryOptions, createApiKey, revokeApiKey } from '@/features/api-keys/api/api-keys';
import { errorMessage } from '@/lib/api-client';
import { copyText } from '@/lib/copy-text';

/** The key just made, shown once with a copy button; gone from the page once dismissed or reloaded. */
function NewKey({ value, onDone }: { value: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Notice tone="success" title={API_KEY_MESSAGES.shownOnce} data-testid="new-api-key">
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code className="min-w-0 break-all rounded bg-white px-2 py-1 font-mono text-sm text-slate-900">{value}</code>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => void copyText(value).then(setCopied)}>
            {copied ? API_KEY_MESSAGES.copied : API_KEY_MESSAGES.copy}
          </Button>
          <Button size="sm" variant="ghost" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
    </Notice>
  );
}

function KeyRow({ apiKey, onRevoke, revoking }: { apiKey: ApiKey; onRevoke: () => void; revoking: boolean }) {
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="api-key-row">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{apiKey.name}</p>
        <p className="text-sm text-slate-600">
          <code className="font-mono">{apiKey.prefix}…</code> · {API_KEY_MESSAGES.lastUsed}{' '}
          {(apiKey.last_used_at && formatDayLong(apiKey.last_used_at)) ?? API_KEY_MESSAGES.never} · {API_KEY_MESSAGES.callsToday}{' '}
          {apiKey.calls_today} / {apiKey.daily_limit}
        </p>
      </div>
      <Button size="sm" variant="danger" onClick={onRevoke} disabled={revoking} aria-label={`${API_KEY_MESSAGES.revoke} ${apiKey.name}`}>
        {API_KEY_MESSAGES.revoke}
      </Button>
    </li>
  );
}

/**
 * /profile's API keys (docs/product/public-api.md): make a named key (shown once, with a copy button), see each key's
 * last use and today's calls, revoke one in one click.
 */
export function ApiKeysPanel() {
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQueryOptions());
  const [name, setName] = useState('');
  const [fresh, setFresh] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: (made) => {
      setFresh(made.key);
      setName('');
      void refresh();
    },
  });
  const revoke = useMutation({ mutationFn: revokeApiKey, onSuccess: () => void refresh() });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(name.trim());
  };
  const error = create.error ?? revoke.error ?? keys.error;
  return (
    <section aria-labelledby="api-keys-title" className="mt-6 rounded-2xl border border-slate-200 bg-white px-5 pb-5 shadow-sm sm:px-6">
      <h2 id="api-keys-title" className="border-b border-slate-100 py-4 text-lg font-semibold text-slate-900">
        {API_KEY_MESSAGES.sectionTitle}
      </h2>
      <p className="mt-3 text-sm text-slate-600">
        {API_KEY_MESSAGES.sectionHelp}{' '}
        <Link to={paths.developers} className="font-semibold text-brand-700 underline">
          API documentation
        </Link>
      </p>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField
          label="Key name"
          className="flex-1"
          placeholder={API_KEY_MESSAGES.namePlaceholder}
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" disabled={name.trim() === '' || create.isPending}>
          {API_KEY_MESSAGES.create}
        </Button>
      </form>
      {error ? (
        <Notice tone="error" className="mt-3">
          {errorMessage(error, 'Something went wrong. Please try again.')}
        </Notice>
      ) : null}
      {fresh ? (
        <div className="mt-3">
          <NewKey value={fresh} onDone={() => setFresh(null)} />
        </div>
      ) : null}
      {keys.data?.length === 0 ? <p className="mt-4 text-sm text-slate-600">{API_KEY_MESSAGES.none}</p> : null}
      {keys.data?.length ? (
        <ul className="mt-2 divide-y divide-slate-100">
          {keys.data.map((k) => (
            <KeyRow key={k.id} apiKey={k} revoking={revoke.isPending} onRevoke={() => revoke.mutate(k.id)} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
