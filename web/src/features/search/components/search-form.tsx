import { SEARCH_MAX_AIRPORT_ITEMS } from '@gowild/contract/flights';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AirportPicker } from '@/components/airport-picker/airport-picker';
import type { AirportOption, ViewMode } from '@/components/airport-picker/airport-options';
import { DateSelector } from '@/components/date-selector/date-selector';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { paths } from '@/config/paths';
import { useHerePath, withNext } from '@/lib/return-to';
import { type Direction, isSearchDisabled, searchButtonLabel } from '../utils/search-button';
import type { FormMessage, SearchFormValues } from '../utils/search-page-state';
import { PremiumCrown } from './premium-crown';
import { TripDurationStepper } from './trip-duration-stepper';

export interface SearchFormProps {
  values: SearchFormValues;
  onDirectionChange: (d: Direction) => void;
  onViewModeChange: (m: ViewMode) => void;
  onOriginChange: (v: string) => void;
  onDestinationChange: (v: string) => void;
  onSingleRouteChange: (on: boolean) => void;
  onDateChange: (d: string) => void;
  onTripDaysChange: (n: number | null) => void;
  onSearch: () => void;
  onShare: () => void;
  options: AirportOption[];
  optionsLoading: boolean;
  optionsError: string | null;
  columns: number;
  blackoutDates: readonly string[];
  /** The Peak Day Charge's 'from' amount, said on the date boxes of blackout days. */
  peakDayChargeFrom?: number | null;
  isPremium: boolean;
  signedIn: boolean;
  searchesRemaining: number | null | undefined;
  loading: boolean;
  /** Texts of the chosen airports for the button. */
  originLabel: string;
  destinationLabel: string;
  /** The free plan figure from the server's config; the banner waits for it. */
  freeSearchesPerDay: number | null;
  usageBadge?: ReactNode;
  /** A form-level message: validation, log-in prompts, link problems, the single-route premium alert. */
  message?: FormMessage | null;
  /** docs/product/search.md#search-button: an outside reason to disable searching, shown on the button. */
  disabledMessage?: string;
  today?: string;
}

const HINTS = {
  outbound: 'Search flights departing from selected origins',
  inbound: 'Search flights arriving at selected destinations (Premium)',
  city: 'Search by city (e.g., New York shows JFK, LGA, EWR)',
  airport: 'Search individual airports',
} as const;

function Segmented<T extends string>({
  label,
  value,
  items,
  onChange,
}: {
  label: string;
  value: T;
  items: { value: T; label: ReactNode; disabled?: boolean; title?: string }[];
  onChange: (v: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
      {items.map((it) => (
        <button
          key={it.value}
          type="button"
          aria-pressed={value === it.value}
          disabled={it.disabled}
          title={it.title}
          onClick={() => onChange(it.value)}
          className={`inline-flex items-center gap-1 rounded-md px-3 py-1.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 ${
            value === it.value ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100'
          }`}
        >
          {it.label}
        </button>
      ))}
    </div>
  );
}

/** docs/product/search.md#search-form. */
export function SearchForm(props: SearchFormProps) {
  const { values: v, isPremium } = props;
  const inbound = v.direction === 'inbound';
  const showDestination = inbound || v.singleRoute;
  const buttonInput = {
    loading: props.loading,
    disabled: Boolean(props.disabledMessage),
    disabledMessage: props.disabledMessage,
    direction: v.direction,
    origin: v.origin,
    originHidden: inbound,
    destination: showDestination ? v.destination : '',
    date: v.date,
    signedIn: props.signedIn,
    searchesRemaining: props.searchesRemaining,
    originLabel: props.originLabel,
    destinationLabel: props.destinationLabel,
  };
  const disabled = isSearchDisabled(buttonInput);
  // Enter in a field submits the form even while the button is disabled for a missing field: the page then says
  // what is missing (docs/product/search.md#form-validation). A running search, an outside block or an empty quota stay silent.
  const blocked = props.loading || Boolean(props.disabledMessage) || (props.signedIn && props.searchesRemaining === 0);

  return (
    <form
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      aria-label="Flight search"
      onSubmit={(e) => {
        e.preventDefault();
        if (!blocked) props.onSearch();
      }}
      onKeyDown={(e) => {
        // The browser does not submit on Enter while the submit button is disabled (a field missing), so Enter in
        // any text field submits here and the page says what is missing. A field that used Enter (a picker's single
        // match) prevents it first.
        if (e.key !== 'Enter' || e.defaultPrevented) return;
        const t = e.target;
        if (!(t instanceof HTMLInputElement) || ['checkbox', 'radio', 'button', 'submit', 'range'].includes(t.type)) return;
        e.preventDefault();
        if (!blocked) props.onSearch();
      }}
    >
      <FormModes {...props} />

      {!inbound ? (
        <AirportPicker
          label="Departure Airport"
          options={props.options}
          value={v.origin}
          onChange={props.onOriginChange}
          multiple={v.viewMode === 'airport' ? SEARCH_MAX_AIRPORT_ITEMS : undefined}
          favourites
          columns={props.columns}
          loading={props.optionsLoading}
          error={props.optionsError}
        />
      ) : null}

      {!inbound ? (
        <div className="flex flex-wrap items-center gap-3">
          <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              role="switch"
              checked={v.singleRoute}
              onChange={(e) => props.onSingleRouteChange(e.target.checked)}
              className="h-4 w-4 accent-brand-700"
            />
            Single Route Search {!isPremium ? <PremiumCrown label="Premium only" /> : null}
          </label>
        </div>
      ) : null}

      {showDestination ? (
        <AirportPicker
          label={inbound ? 'Arrival Airport' : 'Destination Airport'}
          options={props.options}
          value={v.destination}
          onChange={props.onDestinationChange}
          // Inbound ('get me home' to one airport): the traveller's home airports lead here.
          favourites={inbound}
          columns={props.columns}
          loading={props.optionsLoading}
          error={props.optionsError}
        />
      ) : null}

      <DateSelector
        value={v.date}
        onChange={props.onDateChange}
        blackoutDates={props.blackoutDates}
        allowBlackoutDates
        today={props.today}
        peakDayChargeFrom={props.peakDayChargeFrom}
      />

      <TripDurationStepper value={v.tripDays} onChange={props.onTripDaysChange} />

      {props.message ? <FormNotice message={props.message} /> : null}

      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" size="lg" disabled={disabled} data-testid="search-button" className="sm:flex-1">
          {searchButtonLabel(buttonInput)}
        </Button>
        <Button variant="secondary" size="lg" onClick={props.onShare}>
          Share
        </Button>
      </div>

      {!isPremium && props.freeSearchesPerDay !== null ? (
        <Notice tone="info" role={null} data-testid="free-plan-banner">
          <strong>Free Plan Limit:</strong> {props.freeSearchesPerDay} {props.freeSearchesPerDay === 1 ? 'search' : 'searches'} per day,{' '}
          <Link to={paths.plans} className="font-semibold underline underline-offset-2">
            upgrade to premium
          </Link>{' '}
          for unlimited searches.
        </Notice>
      ) : null}
    </form>
  );
}

/** Direction (inbound is premium) and airport grouping, each with its hint, and the usage badge. */
function FormModes(props: SearchFormProps) {
  const { values: v, isPremium } = props;
  const inbound = v.direction === 'inbound';
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="space-y-1">
        <Segmented
          label="Direction"
          value={v.direction}
          onChange={props.onDirectionChange}
          items={[
            { value: 'outbound', label: 'Outbound Flights' },
            {
              value: 'inbound',
              label: <>Inbound Flights {!isPremium ? <PremiumCrown label="Premium only" /> : null}</>,
              disabled: !isPremium,
              title: isPremium ? undefined : 'Inbound search is a Premium feature',
            },
          ]}
        />
        <p className="text-xs text-slate-600">{inbound ? HINTS.inbound : HINTS.outbound}</p>
      </div>
      <div className="space-y-1">
        <Segmented
          label="Airport grouping"
          value={v.viewMode}
          onChange={props.onViewModeChange}
          items={[
            { value: 'city', label: 'City View' },
            { value: 'airport', label: 'Airport View' },
          ]}
        />
        <p className="text-xs text-slate-600">{v.viewMode === 'city' ? HINTS.city : HINTS.airport}</p>
      </div>
      {props.usageBadge ? <div className="ml-auto">{props.usageBadge}</div> : null}
    </div>
  );
}

/** What the page says about the form (a missing field, a refusal), with the way to log in when that is the cause. */
function FormNotice({ message }: { message: NonNullable<SearchFormProps['message']> }) {
  // A visitor who signs in from here comes back to this page (a search link keeps its query string and runs).
  const here = useHerePath();
  return (
    <Notice tone={message.tone === 'error' ? 'error' : 'warning'} role="alert">
      {message.text}
      {message.loginLink ? (
        <>
          {' '}
          <Link to={withNext(paths.login, here)} className="font-semibold underline underline-offset-2">
            Log in
          </Link>{' '}
          or{' '}
          <Link to={withNext(paths.register, here)} className="font-semibold underline underline-offset-2">
            create an account
          </Link>
          .
        </>
      ) : null}
    </Notice>
  );
}
