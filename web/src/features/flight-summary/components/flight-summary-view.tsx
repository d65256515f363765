import { GoWildPrice } from '@/components/gowild-price/gowild-price';
import { goWildRouteKind } from '@gowild/contract/gowild-window';
import { formatDollars } from '@gowild/contract/money';
import {
  bookingLinkFor,
  daysAtDestination,
  flightPrice,
  flightPriceFare,
  flightPriceName,
  formatStay,
  formatTripDuration,
  localDatePart,
  totalPrice,
} from '@gowild/contract/flight-format';
import type { Flight } from '@gowild/contract/flights';
import type { Airport } from '@gowild/contract/reference';
import { refOf } from '@gowild/contract/trips';
import { type ReactNode, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink, buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { showToast } from '@/components/ui/toast/toast-store';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { copyText } from '@/lib/copy-text';
import { useHerePath, withNext } from '@/lib/return-to';
import { useTripLookup } from '../api/get-trip';
import { localToEpochMs } from '../utils/local-instant';
import { type SummaryResolution, resolveSummary, resolveFromServer } from '../utils/resolve-summary';
import { CalendarButton } from './calendar-button';
import { type SharedTrip, SUMMARY_MESSAGES, encodeTrip } from '../utils/share-data';
import { FlightLegCard } from './flight-leg-card';

export interface FlightSummaryViewProps {
  /** The airports list (names and time zones); undefined while it loads. */
  airports: readonly Airport[] | undefined;
  airportsFailed?: boolean;
  /** The destination's panels (weather now; cars and hotels later), given the stay. */
  renderDestinationPanels?: (code: string, stay: { arrival: string; start: string; end: string }) => ReactNode;
  /** Each leg's route and date, for its price history beside the price breakdown. */
  renderPriceHistory?: (legs: { origin: string; destination: string; date: string }[]) => ReactNode;
}

function Skeleton() {
  return (
    <div className="space-y-4" aria-busy="true" aria-label="Loading flight summary" data-testid="summary-skeleton">
      <div className="h-8 w-1/2 animate-pulse rounded bg-slate-200" />
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-24 animate-pulse rounded-xl bg-slate-200" />
        ))}
      </div>
      <div className="h-40 animate-pulse rounded-xl bg-slate-200" />
      <div className="h-40 animate-pulse rounded-xl bg-slate-200" />
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
      <p className="text-[11px] leading-tight font-medium tracking-wide text-slate-600 uppercase sm:text-xs">{label}</p>
      <p className="mt-1 text-lg font-bold text-slate-900 sm:text-2xl" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

/** The link back to this trip's return flights on the search page. */
function returnFlightsHref(trip: SharedTrip): string {
  const q = new URLSearchParams({
    origin: trip.origin,
    date: trip.date,
    screen: 'return_flights',
    flight: trip.departure.flightHash,
    flight_ref: refOf(trip.departure),
  });
  return `${paths.home}?${q.toString()}`;
}

/** /flight-summary (docs/product/search.md#trip-summary). */
export function FlightSummaryView({
  airports,
  airportsFailed = false,
  renderDestinationPanels,
  renderPriceHistory,
}: FlightSummaryViewProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const local = useMemo(() => resolveSummary(params), [params]);
  // Not in this browser's store: a signed-in user's browser asks the server to read the flights again.
  const auth = useAuth();
  const lookup = useTripLookup(params, local.state === 'not_found' && auth.isAuthenticated);
  const resolution: SummaryResolution = local.state === 'not_found' && auth.isAuthenticated ? resolveFromServer(lookup, local) : local;
  const waiting = local.state === 'not_found' && (!auth.isInitialized || (auth.isAuthenticated && lookup.isPending));
  const byCode = useMemo(() => new Map((airports ?? []).map((a) => [a.stationCode, a])), [airports]);
  const airportName = (code: string) => byCode.get(code)?.cityAndCode ?? code;
  const here = useHerePath();

  if (waiting || (resolution.state === 'loaded' && !airports && !airportsFailed)) return <Skeleton />;

  // A visitor's browser does not hold these flights, and only a signed-in user's browser may ask the server for them:
  // the way to the trip is to log in, and sign-in comes back to this very link (decision 098).
  if (resolution.state === 'not_found' && !auth.isAuthenticated) {
    return <SignInForTrip here={here} />;
  }

  if (resolution.state !== 'loaded') {
    return <SummaryProblem error={resolution.state === 'error'} message={resolution.message} />;
  }

  const { trip } = resolution;
  const out = trip.departure;
  const back = trip.return;
  const tz = (code: string) => byCode.get(code)?.timezone;
  const startMs = localToEpochMs(out.departure_time, tz(out.segments[0]?.departure_airport ?? out.origin));
  const endMs = localToEpochMs(back.arrival_time, tz(back.segments[back.segments.length - 1]?.arrival_airport ?? back.destination));
  const tripDuration = formatTripDuration(endMs - startMs);
  const stayDays = daysAtDestination(out.arrival_time, back.departure_time);
  const total = totalPrice(out, back);
  const destinationCode = out.destination;
  // The panels get the landing as it is: the day it lands starts the stay (hotel, weather); the car's pick-up is
  // rounded up to the hour by the panels themselves.
  const arrival = out.arrival_time;

  return (
    <div className="space-y-5" data-testid="flight-summary">
      <SummaryHeader trip={trip} airports={byCode} title={`Your trip to ${airportName(destinationCode)}`} />

      <section aria-labelledby="overview-title">
        <h2 id="overview-title" className="mb-2 text-lg font-bold">
          Trip Overview
        </h2>
        <div className="grid grid-cols-3 gap-2 sm:gap-3">
          <Stat label="Total Trip Duration" value={tripDuration} testId="trip-duration" />
          <Stat label="Stay at Destination" value={formatStay(stayDays)} testId="stay-days" />
          <Stat label="Total Price" value={formatDollars(total)} testId="total-price" />
        </div>
      </section>

      <div className="grid gap-5 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <section aria-labelledby="flights-title" className="space-y-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="flights-title" className="text-lg font-bold">
                Selected Flights
              </h2>
              <p className="text-sm text-slate-600">
                {out.segments[0]?.departure_airport ?? out.origin} ⇄ {destinationCode}
              </p>
            </div>
            <FlightLegCard label="Outbound" flight={out} airportName={airportName} priceChange={resolution.priceChanges?.departure} />
            <div
              className="rounded-xl border border-dashed border-brand-300 bg-brand-50 px-4 py-3 text-sm text-brand-900"
              data-testid="stay-block"
            >
              <strong>{formatStay(stayDays)}</strong> at {airportName(destinationCode)} · total trip {tripDuration}
            </div>
            <FlightLegCard label="Return" flight={back} airportName={airportName} priceChange={resolution.priceChanges?.return} />
          </section>
          {renderDestinationPanels
            ? renderDestinationPanels(destinationCode, {
                arrival,
                start: arrival.slice(0, 10),
                end: back.departure_time.slice(0, 10),
              })
            : null}
        </div>

        <aside className="space-y-4">
          <PriceBreakdown out={out} back={back} total={total} airports={byCode} />
          {/* Price history is for signed-in travellers; a visitor with a shared link never asks for it. */}
          {auth.isAuthenticated &&
            renderPriceHistory?.(
              [out, back].map((f) => ({ origin: f.origin, destination: f.destination, date: localDatePart(f.departure_time) })),
            )}
          <BookingLinks out={out} back={back} />
          <div className="flex flex-col gap-2">
            <Button variant="secondary" onClick={() => void navigate(returnFlightsHref(trip))}>
              Change Return Flight
            </Button>
            <ButtonLink to={paths.home}>Search New Flights</ButtonLink>
          </div>
        </aside>
      </div>
    </div>
  );
}

/** A visitor's browser does not hold the trip: log in (back to this very link) or create an account. */
function SignInForTrip({ here }: { here: string }) {
  return (
    <Notice
      tone="info"
      size="page"
      role="status"
      title={SUMMARY_MESSAGES.signInTitle}
      titleAs="h1"
      data-testid="summary-sign-in"
      action={
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={withNext(paths.login, here)}>Log in</ButtonLink>
          <ButtonLink to={withNext(paths.register, here)} variant="secondary">
            Create account
          </ButtonLink>
        </div>
      }
    >
      {SUMMARY_MESSAGES.signIn}
    </Notice>
  );
}

/** The trip could not be read (an error) or is not there (not found), with the way back to a search. */
function SummaryProblem({ error, message }: { error: boolean; message: string }) {
  return (
    <Notice
      tone={error ? 'error' : 'caution'}
      size="page"
      role="alert"
      title={error ? 'Error Loading Flight Summary' : 'Flight Data Not Found'}
      titleAs="h1"
      data-testid={error ? 'summary-error' : 'summary-not-found'}
      action={
        <ButtonLink to={paths.home} variant={error ? 'danger' : 'primary'}>
          Start New Search
        </ButtonLink>
      }
    >
      {message}
    </Notice>
  );
}

/** Each flight's price with its fare's name, the total, and what each GoWild price is made of. */
function PriceBreakdown({
  out,
  back,
  total,
  airports: byCode,
}: {
  out: Flight;
  back: Flight;
  total: number;
  airports: ReadonlyMap<string, Airport>;
}) {
  // One price per flight everywhere (docs/product/prices.md): the fare the link's reference, the notice and the .ics
  // speak of too.
  const priceRow = (label: string, flight: Flight) => {
    const fare = flightPriceName(flight);
    return (
      <div className="flex justify-between py-2">
        <dt className="text-slate-700">
          {label}
          {fare ? <span className="ml-1 text-xs text-slate-600">({fare})</span> : null}
        </dt>
        <dd className="font-semibold">{formatDollars(flightPrice(flight))}</dd>
      </div>
    );
  };
  return (
    <section aria-labelledby="price-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="price-title" className="text-lg font-bold">
        Price Breakdown
      </h2>
      <dl className="mt-2 divide-y divide-slate-100 text-sm">
        {priceRow('Outbound Flight', out)}
        {priceRow('Return Flight', back)}
        <div className="flex justify-between py-2 text-base">
          <dt className="font-bold">Total</dt>
          <dd className="font-bold" data-testid="price-total">
            {formatDollars(total)}
          </dd>
        </div>
      </dl>
      {/* What each GoWild price is made of, so no one wonders why it is not $0.01. */}
      {[out, back].map((f) =>
        f.fares.go_wild && flightPriceFare(f) === 'go_wild' ? (
          <GoWildPrice
            key={f.flightHash}
            flight={f}
            routeKind={goWildRouteKind(byCode.get(f.origin)?.countryCode, byCode.get(f.destination)?.countryCode)}
          />
        ) : null,
      )}
    </section>
  );
}

/** Each flight's booking link on the airline's site (a flight without one has no button). */
function BookingLinks({ out, back }: { out: Flight; back: Flight }) {
  return (
    <section aria-labelledby="book-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="book-title" className="text-lg font-bold">
        Ready to Book?
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Book each flight separately on the Frontier website. Prices and seats can change until you book.
      </p>
      <div className="mt-3 flex flex-col gap-2">
        {[
          { label: 'Book outbound', f: out },
          { label: 'Book return', f: back },
        ].map(({ label, f }) => {
          const link = bookingLinkFor(f);
          return link ? (
            <a key={label} href={link} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline', 'md', 'text-center')}>
              {label} ({f.flight_number})<span className="sr-only"> on the airline site</span>
            </a>
          ) : null;
        })}
      </div>
    </section>
  );
}

/** The way back to the return flights, the trip's title, and Share, Add to Calendar and New Search. */
function SummaryHeader({ trip, airports: byCode, title }: { trip: SharedTrip; airports: ReadonlyMap<string, Airport>; title: string }) {
  const share = async () => {
    let url: string;
    try {
      url = `${window.location.origin}${paths.flightSummary}?data=${encodeTrip(trip)}`;
    } catch {
      showToast({ type: 'error', title: 'Share Failed', message: SUMMARY_MESSAGES.shareFailed });
      return;
    }
    if (await copyText(url)) showToast({ type: 'success', title: 'URL Copied', message: SUMMARY_MESSAGES.shareCopied });
    else showToast({ type: 'error', title: 'Share Failed', message: SUMMARY_MESSAGES.shareFailed });
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex min-w-0 items-center gap-2">
        <ButtonLink
          to={returnFlightsHref(trip)}
          variant="ghost"
          size="icon"
          aria-label="Back to return flights"
          title="Back to return flights"
        >
          ←
        </ButtonLink>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          <p className="text-sm text-slate-600">Round trip • Economy • 1 passenger</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void share()}>
          Share Flight Summary
        </Button>
        <CalendarButton trip={trip} airports={byCode} />
        <ButtonLink to={paths.home}>New Search</ButtonLink>
      </div>
    </div>
  );
}
