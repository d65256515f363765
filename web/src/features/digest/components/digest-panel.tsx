import {
  DIGEST_CHANNELS,
  DIGEST_CHANNEL_LABELS,
  DIGEST_MESSAGES,
  DIGEST_WEEKDAYS,
  type DigestChannel,
  type DigestFrequency,
  type DigestState,
} from '@gowild/contract/digest';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { DIGEST_KEY, digestQueryOptions, saveDigest } from '@/features/digest/api/digest';
import { DigestHistory } from './digest-history';
import { errorMessage } from '@/lib/api-client';

interface Form {
  enabled: boolean;
  origins: string;
  channels: DigestChannel[];
  frequency: DigestFrequency;
  weekday: number;
  hour: number;
  timeZone: string;
}

/** The browser's own time zone, the form's default (the traveller may change it). */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/New_York';
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

function formOf(state: DigestState): Form {
  const s = state.settings;
  if (s)
    return {
      enabled: s.enabled,
      origins: s.origins.join(', '),
      channels: s.channels,
      frequency: s.frequency,
      weekday: s.weekday,
      hour: s.local_hour,
      timeZone: s.time_zone,
    };
  // Until saved once: on, the server's suggestion (the traveller's favourites, home airports first, else the last
  // searched origin), weekly by e-mail on Monday at 08:00.
  return {
    enabled: true,
    origins: state.suggested_origins.join(', '),
    channels: ['email'],
    frequency: 'weekly',
    weekday: 1,
    hour: 8,
    timeZone: browserTimeZone(),
  };
}

/** "Mon, Dec 7, 08:00" in the traveller's chosen zone. */
function nextDueLabel(iso: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }).format(new Date(iso));
  } catch {
    return iso;
  }
}

const selectClass =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-brand-700 focus:outline-2 focus:outline-brand-700 disabled:bg-slate-100 disabled:text-slate-500 sm:text-sm';

/**
 * The digest opt-in (docs/product/digest.md): origins, channels among those linked, daily or weekly, day and local
 * hour, time zone (the browser's by default). What the plan does not allow is shown and disabled; the server checks
 * it all the same.
 */
export function DigestPanel() {
  const queryClient = useQueryClient();
  const digest = useQuery(digestQueryOptions());
  const [form, setForm] = useState<Form | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    if (digest.data && form === null) setForm(formOf(digest.data));
  }, [digest.data, form]);
  const save = useMutation({
    mutationFn: saveDigest,
    onSuccess: (state) => {
      queryClient.setQueryData(DIGEST_KEY, state);
      setForm(formOf(state));
      setSaved(state.message ?? DIGEST_MESSAGES.saved);
    },
    onMutate: () => setSaved(null),
  });
  const state = digest.data;
  const set = (patch: Partial<Form>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form) return;
    save.mutate({
      enabled: form.enabled,
      origins: form.origins
        .split(/[\s,]+/)
        .map((o) => o.trim())
        .filter(Boolean),
      channels: form.channels,
      frequency: form.frequency,
      weekday: form.weekday,
      local_hour: form.hour,
      time_zone: form.timeZone.trim(),
    });
  };
  const error = save.error ?? digest.error;
  const next = state?.settings?.next_due_at;
  return (
    <section
      aria-labelledby="digest-title"
      className="mt-6 rounded-2xl border border-slate-200 bg-white px-5 pb-5 shadow-sm sm:px-6"
      data-testid="digest-panel"
    >
      <h2 id="digest-title" className="border-b border-slate-100 py-4 text-lg font-semibold text-slate-900">
        {DIGEST_MESSAGES.sectionTitle}
      </h2>
      <p className="mt-3 text-sm text-slate-600">{DIGEST_MESSAGES.sectionHelp}</p>
      {state && !state.plan.premium ? <p className="mt-2 text-sm text-slate-600">{DIGEST_MESSAGES.freePlan}</p> : null}
      {error ? (
        <Notice tone="error" className="mt-3" role="alert">
          {errorMessage(error, DIGEST_MESSAGES.saveFailed)}
        </Notice>
      ) : null}
      {saved && !save.isPending ? (
        <Notice tone="success" className="mt-3" role="status">
          {saved}
        </Notice>
      ) : null}
      {state && form ? (
        <form onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800 sm:col-span-2">
            <input
              type="checkbox"
              checked={form.enabled}
              onChange={(e) => set({ enabled: e.target.checked })}
              className="size-4 rounded border-slate-300 accent-brand-700"
            />
            {DIGEST_MESSAGES.enabled}
          </label>
          <TextField
            className="sm:col-span-2"
            label={DIGEST_MESSAGES.origins}
            hint={DIGEST_MESSAGES.originsHelp}
            value={form.origins}
            onChange={(e) => set({ origins: e.target.value.toUpperCase() })}
            placeholder="DEN, LAS"
            autoCapitalize="characters"
          />
          <ChannelChoices state={state} chosen={form.channels} onChange={(channels) => set({ channels })} />
          <FrequencyChoices state={state} chosen={form.frequency} onChange={(frequency) => set({ frequency })} />
          <WhenFields form={form} set={set} />
          <TextField
            className="sm:col-span-2"
            label={DIGEST_MESSAGES.timeZone}
            value={form.timeZone}
            onChange={(e) => set({ timeZone: e.target.value })}
            placeholder="America/Denver"
          />
          <div className="flex flex-col gap-2 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600" data-testid="digest-next">
              {next ? `${DIGEST_MESSAGES.nextDue}: ${nextDueLabel(next, state.settings?.time_zone ?? form.timeZone)}` : null}
            </p>
            <Button type="submit" disabled={save.isPending}>
              {DIGEST_MESSAGES.save}
            </Button>
          </div>
        </form>
      ) : null}
      <DigestHistory />
    </section>
  );
}

/** Each channel, usable when the traveller has set it up and the plan allows it; why not, when it is not. */
function ChannelChoices({
  state,
  chosen,
  onChange,
}: {
  state: DigestState;
  chosen: Form['channels'];
  onChange: (channels: Form['channels']) => void;
}) {
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-medium text-slate-700">{DIGEST_MESSAGES.channels}</legend>
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        {DIGEST_CHANNELS.map((kind) => {
          const linked = state.linked_channels.includes(kind);
          const allowed = state.plan.channels.includes(kind);
          const usable = linked && allowed;
          return (
            <label key={kind} className={`flex items-center gap-2 text-sm ${usable ? 'text-slate-800' : 'text-slate-400'}`}>
              <input
                type="checkbox"
                checked={chosen.includes(kind)}
                disabled={!usable}
                onChange={(e) => onChange(e.target.checked ? [...chosen, kind] : chosen.filter((c) => c !== kind))}
                className="size-4 rounded border-slate-300 accent-brand-700"
              />
              {DIGEST_CHANNEL_LABELS[kind]}
              {!allowed ? <span className="text-xs">(premium)</span> : !linked ? <span className="text-xs">(not set up)</span> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Daily or weekly, what the plan does not allow shown and disabled. */
function FrequencyChoices({
  state,
  chosen,
  onChange,
}: {
  state: DigestState;
  chosen: Form['frequency'];
  onChange: (f: Form['frequency']) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{DIGEST_MESSAGES.frequency}</legend>
      <div className="mt-2 flex gap-5">
        {(['daily', 'weekly'] as const).map((f) => {
          const allowed = state.plan.frequencies.includes(f);
          return (
            <label key={f} className={`flex items-center gap-2 text-sm ${allowed ? 'text-slate-800' : 'text-slate-400'}`}>
              <input
                type="radio"
                name="digest-frequency"
                value={f}
                checked={chosen === f}
                disabled={!allowed}
                onChange={() => onChange(f)}
                className="size-4 accent-brand-700"
              />
              {f === 'daily' ? DIGEST_MESSAGES.daily : DIGEST_MESSAGES.weekly}
              {!allowed ? <span className="text-xs">(premium)</span> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The weekday (weekly only) and the local hour. */
function WhenFields({ form, set }: { form: Form; set: (patch: Partial<Form>) => void }) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <label className="text-sm font-medium text-slate-700">
        {DIGEST_MESSAGES.weekday}
        <select
          className={`${selectClass} mt-1`}
          value={form.weekday}
          disabled={form.frequency === 'daily'}
          onChange={(e) => set({ weekday: Number(e.target.value) })}
        >
          {DIGEST_WEEKDAYS.map((d, i) => (
            <option key={d} value={i + 1}>
              {d}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700">
        {DIGEST_MESSAGES.hour}
        <select className={`${selectClass} mt-1`} value={form.hour} onChange={(e) => set({ hour: Number(e.target.value) })}>
          {Array.from({ length: 24 }, (_, h) => (
            <option key={h} value={h}>
              {hourLabel(h)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
