import { HUB_LAYOVER_CHOICES, HUB_LIMITS, HUB_MESSAGES } from '@gowild/contract/hub-search';
import type { Airport } from '@gowild/contract/reference';
import { type FormEvent, useState } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { CrownIcon } from '@/components/ui/icons';
import { Notice } from '@/components/ui/notice';
import { SearchAnswer } from '@/components/search-answer/search-answer';
import { paths } from '@/config/paths';
import { type HubSearchInput, useHubSearch } from '../api/search-hubs';
import { ConnectionCard } from './connection-card';
import { AirportSelect, DateField, MinutesSelect, OvernightAndSubmit, hoursText, useAirportChoices } from './form-fields';
import { RouteBuilderTabs } from './route-builder-tabs';

export interface HubSearchViewProps {
  airports: readonly Airport[] | undefined;
  airportsLoading: boolean;
  isPremium: boolean;
  /** Today at the traveller (YYYY-MM-DD): the earliest date. */
  today: string;
}

/** What the screen is for, in two lines; shown above the form and, for free users, in the teaser. */
function Intro() {
  return (
    <p className="text-sm text-slate-700">
      Two GoWild flights through any airport the airline does not sell together: we search every route out of your airport, then every
      onward route from each hub with a GoWild seat, and keep the pairs with a safe layover.
    </p>
  );
}

/** Free users: what it does and the way to it. */
function Teaser() {
  return (
    <Notice
      tone="brand"
      size="lg"
      titleAs="h2"
      title={
        <span className="inline-flex items-center gap-2">
          <CrownIcon className="size-5 text-amber-500" /> Premium: search via a hub
        </span>
      }
      action={
        <ButtonLink to={paths.plans} variant="premium">
          Upgrade to Premium
        </ButtonLink>
      }
      data-testid="hub-teaser"
    >
      <Intro />
      <p className="mt-2">{HUB_MESSAGES.premiumRequired}</p>
    </Notice>
  );
}

/** docs/product/search.md#via-a-hub: the form, the separate-ticket risk, and the connections found. */
export function HubSearchView({ airports, airportsLoading, isPremium, today }: HubSearchViewProps) {
  const { sorted, byCode, cityOf } = useAirportChoices(airports);
  const [form, setForm] = useState<HubSearchInput>({
    origin: '',
    destination: '',
    date: today,
    minLayover: HUB_LIMITS.minLayoverDefault,
    overnight: true,
  });
  const [submitted, setSubmitted] = useState<HubSearchInput | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const search = useHubSearch(submitted);

  if (!isPremium) return <Teaser />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.origin || !form.date) return setFormError('Please select an origin airport and date');
    setFormError(null);
    setSubmitted({ ...form });
  };

  return (
    <div className="space-y-5">
      <RouteBuilderTabs current="hub" />
      <Intro />
      <form
        onSubmit={submit}
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
        aria-label="Hub search"
      >
        <AirportSelect
          label="From"
          value={form.origin}
          onChange={(v) => setForm({ ...form, origin: v })}
          airports={sorted}
          loading={airportsLoading}
          favourites
        />
        <AirportSelect
          label="To"
          value={form.destination}
          onChange={(v) => setForm({ ...form, destination: v })}
          airports={sorted.filter((a) => a.stationCode !== form.origin)}
          loading={airportsLoading}
          anywhere=""
        />
        <DateField value={form.date} today={today} onChange={(v) => setForm({ ...form, date: v })} />
        <MinutesSelect
          label="Layover at least"
          value={form.minLayover}
          choices={HUB_LAYOVER_CHOICES}
          note={(m) => (m === HUB_LIMITS.minLayoverDefault ? ' (safe default)' : '')}
          onChange={(v) => setForm({ ...form, minLayover: v })}
        />
        <OvernightAndSubmit
          overnightLabel="Overnight at the hub"
          overnight={form.overnight}
          onOvernight={(v) => setForm({ ...form, overnight: v })}
          busy={search.isFetching}
          submitLabel="Search via a hub"
          testId="hub-search-button"
        />
      </form>
      {formError ? (
        <Notice tone="error" role="alert">
          {formError}
        </Notice>
      ) : null}

      <Notice tone="warning" title="Two separate tickets" titleAs="h2" role={null} data-testid="hub-risk">
        {HUB_MESSAGES.separateTickets}
      </Notice>

      <SearchAnswer search={search} busyLabel="Searching via hubs" errorTestId="hub-error" placeholderHeight="h-36">
        {(data) => (
          <section aria-label="Connections" className="space-y-3">
            <p className="text-sm text-slate-600" data-testid="hub-summary">
              {data.summary.connections} connection{data.summary.connections === 1 ? '' : 's'} through {data.summary.hubs_with_go_wild} hub
              {data.summary.hubs_with_go_wild === 1 ? '' : 's'} with GoWild seats ({data.summary.hubs_checked} checked), layover at least{' '}
              {hoursText(data.search_parameters.min_layover_minutes)}
              {data.demo ? (
                <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Demo data</span>
              ) : null}
            </p>
            {data.partial ? (
              <Notice tone="warning">
                Some routes could not be checked ({data.failed?.join(', ')}); the list may be missing trips.
                {/* The user's airline share for the minute ran out midway (decision 117): the server's words say when to retry. */}
                {data.over_budget ? ` ${data.over_budget.message}` : null}
              </Notice>
            ) : null}
            {data.truncated ? (
              <Notice tone="info">
                Too many onward routes for one search: not all of them were checked. Pick a destination for a full answer.
              </Notice>
            ) : null}
            {data.connections.length === 0 ? (
              <Notice tone="neutral" role={null} data-testid="hub-empty">
                {HUB_MESSAGES.noConnections}
              </Notice>
            ) : (
              <ul className="space-y-3">
                {data.connections.map((c) => (
                  <ConnectionCard key={`${c.first.flightHash}-${c.second.flightHash}`} connection={c} cityOf={cityOf} airports={byCode} />
                ))}
              </ul>
            )}
          </section>
        )}
      </SearchAnswer>
    </div>
  );
}
