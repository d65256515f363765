import { formatMiles } from '@gowild/contract/distance';
import { CAR_LIMITS, CAR_MESSAGES, type RentalLocation } from '@gowild/contract/extras';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { type AvailabilityParams, carAvailabilityQueryOptions } from '../api/get-car-availability';
import { useRentalLocations } from '../api/get-rental-locations';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { isValidCdp, parseDriverAge, returnIsAfterPickup } from '../utils/rental-rules';

export interface RentalCarsPanelProps {
  /** The destination airport: where locations are looked for first. */
  code: string;
  pickupDate: string;
  /** HH:mm; default 12:00 (the trip summary passes the rounded arrival). */
  pickupTime?: string;
  returnDate: string;
  returnTime?: string;
}

const inputClasses =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 aria-invalid:border-red-500';

type RentalFields = { location: string; pickupDate: string; pickupTime: string; returnDate: string; returnTime: string; cdp: string };
type AvailabilityQuery = ReturnType<typeof useQueries<ReturnType<typeof carAvailabilityQueryOptions>[]>>[number];

/**
 * The panel's state: what is typed, what was last accepted, and the queries for it. The age re-queries 500 ms after
 * it stops changing, any other field 1 s after; a value being typed, or one not accepted, keeps the offers shown.
 */
function useRentalSearch(initial: RentalFields) {
  const [ageText, setAgeText] = useState(String(CAR_LIMITS.age.default));
  const [fields, setFields] = useState(initial);
  const settledAgeText = useDebouncedValue(ageText, CAR_LIMITS.ageDebounceMs);
  const settled = useDebouncedValue(fields, CAR_LIMITS.fieldDebounceMs);
  const [age, setAge] = useState<number>(CAR_LIMITS.age.default);
  const settledAge = parseDriverAge(settledAgeText);
  if (settledAge !== null && settledAge !== age) setAge(settledAge);
  const [query, setQuery] = useState(settled);
  const settledOk =
    settled.location.trim() !== '' &&
    isValidCdp(settled.cdp) &&
    !!settled.pickupDate &&
    !!settled.returnDate &&
    !!settled.pickupTime &&
    !!settled.returnTime &&
    returnIsAfterPickup(settled.pickupDate, settled.pickupTime, settled.returnDate, settled.returnTime);
  if (settledOk && settled !== query) setQuery(settled);

  const locations = useRentalLocations(query.location);
  const nearest: RentalLocation[] = useMemo(() => (locations.data?.locations ?? []).slice(0, CAR_LIMITS.locations), [locations.data]);
  const availability = useQueries({
    queries: nearest.map((l) => {
      const p: AvailabilityParams = {
        location: l.id,
        pickupDate: query.pickupDate,
        pickupTime: query.pickupTime,
        returnDate: query.returnDate,
        returnTime: query.returnTime,
        driverAge: age,
        cdp: query.cdp.trim() || undefined,
      };
      return { ...carAvailabilityQueryOptions(p), placeholderData: keepPreviousData };
    }),
  });
  return { ageText, setAgeText, fields, setFields, locations, nearest, availability };
}

/**
 * Rental cars near the destination (docs/product/destination-extras.md#rental-panel): the driver's age (18–99, default
 * 25), a location, dates and times; the first 3 locations near the airport, up to 8 vehicles each, priced at the
 * cheapest option that is not 'pay later', each with its booking link.
 */
export function RentalCarsPanel({
  code,
  pickupDate,
  pickupTime = CAR_LIMITS.defaultTime,
  returnDate,
  returnTime = CAR_LIMITS.defaultTime,
}: RentalCarsPanelProps) {
  const id = useId();
  const search = useRentalSearch({ location: code, pickupDate, pickupTime, returnDate, returnTime, cdp: '' });
  const { locations, availability } = search;
  const anyPending = locations.isPending || availability.some((a) => a.isPending);
  const updating = !anyPending && (locations.isFetching || availability.some((a) => a.isFetching));
  const demo = locations.data?.demo === true;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4"
      data-testid="rental-cars-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-base font-bold text-slate-900">
          Rental Cars{locations.data ? <span className="font-normal text-slate-600"> · {locations.data.supplier}</span> : null}
        </h3>
        <div className="flex items-center gap-2 text-xs">
          {updating ? (
            <span role="status" className="font-medium text-brand-800">
              Updating...
            </span>
          ) : null}
          {demo ? <span className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900">Demo data</span> : null}
        </div>
      </div>
      <RentalForm id={id} ageText={search.ageText} onAge={search.setAgeText} fields={search.fields} onFields={search.setFields} />
      <div className="mt-3">
        <RentalResults
          locations={locations}
          nearest={search.nearest}
          availability={availability}
          supplier={locations.data?.supplier ?? 'the rental company'}
        />
      </div>
      <p className="mt-2 text-[11px] text-slate-500">
        Totals for the whole rental at the cheapest rate paid when booking (pay-later rates are not used). Book on the rental company&apos;s
        site.
      </p>
    </section>
  );
}

/** The driver's age, the location, the CDP code, the dates and times, with what is wrong with them. */
function RentalForm({
  id,
  ageText,
  onAge,
  fields,
  onFields,
}: {
  id: string;
  ageText: string;
  onAge: (v: string) => void;
  fields: RentalFields;
  onFields: (update: (f: RentalFields) => RentalFields) => void;
}) {
  const set = (key: keyof RentalFields) => (e: { target: { value: string } }) => onFields((f) => ({ ...f, [key]: e.target.value }));
  const ageInvalid = parseDriverAge(ageText) === null;
  const cdpInvalid = !isValidCdp(fields.cdp);
  const datesInvalid = !returnIsAfterPickup(fields.pickupDate, fields.pickupTime, fields.returnDate, fields.returnTime);
  return (
    <>
      <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        <label className="text-xs font-medium text-slate-700">
          Driver age
          <input
            type="number"
            inputMode="numeric"
            min={CAR_LIMITS.age.min}
            max={CAR_LIMITS.age.max}
            className={inputClasses}
            value={ageText}
            aria-invalid={ageInvalid || undefined}
            aria-describedby={ageInvalid ? `${id}-age-error` : undefined}
            onChange={(e) => onAge(e.target.value)}
          />
        </label>
        <label className="text-xs font-medium text-slate-700">
          Pick-up location
          <input type="text" className={inputClasses} value={fields.location} onChange={set('location')} autoComplete="off" />
        </label>
        <label className="col-span-2 text-xs font-medium text-slate-700 sm:col-span-2">
          CDP discount code (optional)
          <input
            type="text"
            inputMode="numeric"
            className={inputClasses}
            value={fields.cdp}
            aria-invalid={cdpInvalid || undefined}
            aria-describedby={cdpInvalid ? `${id}-cdp-error` : undefined}
            onChange={set('cdp')}
          />
        </label>
        <label className="text-xs font-medium text-slate-700">
          Pick-up date
          <input type="date" className={inputClasses} value={fields.pickupDate} onChange={set('pickupDate')} />
        </label>
        <label className="text-xs font-medium text-slate-700">
          Pick-up time
          <input type="time" className={inputClasses} value={fields.pickupTime} onChange={set('pickupTime')} />
        </label>
        <label className="text-xs font-medium text-slate-700">
          Return date
          <input
            type="date"
            className={inputClasses}
            value={fields.returnDate}
            onChange={set('returnDate')}
            aria-invalid={datesInvalid || undefined}
          />
        </label>
        <label className="text-xs font-medium text-slate-700">
          Return time
          <input
            type="time"
            className={inputClasses}
            value={fields.returnTime}
            onChange={set('returnTime')}
            aria-invalid={datesInvalid || undefined}
          />
        </label>
      </div>
      <div className="mt-1 space-y-0.5 text-xs text-red-700" aria-live="polite">
        {ageInvalid ? <p id={`${id}-age-error`}>{CAR_MESSAGES.age}</p> : null}
        {cdpInvalid ? <p id={`${id}-cdp-error`}>{CAR_MESSAGES.cdp}</p> : null}
        {datesInvalid ? <p>{CAR_MESSAGES.returnAfterPickup}</p> : null}
      </div>
    </>
  );
}

/** Loading, a failure, no location, no vehicle, or each location's offers. */
function RentalResults({
  locations,
  nearest,
  availability,
  supplier,
}: {
  locations: ReturnType<typeof useRentalLocations>;
  nearest: readonly RentalLocation[];
  availability: readonly AvailabilityQuery[];
  supplier: string;
}): ReactNode {
  const allFailed = availability.length > 0 && availability.every((a) => a.isError);
  const vehicleCount = availability.reduce((n, a) => n + (a.data?.vehicles.length ?? 0), 0);
  if (locations.isPending || (nearest.length > 0 && availability.every((a) => a.isPending))) {
    return (
      <div role="status" className="space-y-2">
        <p className="text-sm text-slate-600">Loading rental car options...</p>
        <div className="h-16 animate-pulse rounded-lg bg-slate-100" />
      </div>
    );
  }
  if (locations.isError || allFailed) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-3 text-sm text-red-800">
        {CAR_MESSAGES.failed}
        <span className="sr-only">
          : {errorMessage(locations.error ?? availability.find((a) => a.error)?.error, CAR_MESSAGES.failedAvailability)}
        </span>
      </p>
    );
  }
  if (nearest.length === 0) {
    return <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">{CAR_MESSAGES.noLocations}</p>;
  }
  if (vehicleCount === 0 && availability.every((a) => !a.isPending)) {
    return <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">{CAR_MESSAGES.noVehicles}</p>;
  }
  return (
    <div className="space-y-3">
      {nearest.map((l, i) => (
        <LocationOffers key={l.id} location={l} availability={availability[i]} supplier={supplier} />
      ))}
    </div>
  );
}

/** One location: its name and distance, then up to 8 vehicles with their totals and booking links. */
function LocationOffers({
  location: l,
  availability: a,
  supplier,
}: {
  location: RentalLocation;
  availability?: AvailabilityQuery;
  supplier: string;
}) {
  const vehicles = (a?.data?.vehicles ?? []).slice(0, CAR_LIMITS.vehiclesPerLocation);
  const days = a?.data?.days ?? 1;
  return (
    <section aria-label={l.name} className="rounded-lg border border-slate-200" data-testid="rental-location">
      <header className="flex flex-wrap items-baseline justify-between gap-1 border-b border-slate-100 px-3 py-2">
        <h4 className="text-sm font-semibold text-slate-900">{l.name}</h4>
        <p className="text-xs text-slate-600">
          {l.street_address} · {formatMiles(l.distance_miles, 1)}
        </p>
      </header>
      {a?.isError ? (
        <p className="px-3 py-2 text-sm text-slate-600">{CAR_MESSAGES.failed}</p>
      ) : vehicles.length === 0 ? (
        <p className="px-3 py-2 text-sm text-slate-600">{a?.isPending ? 'Loading…' : CAR_MESSAGES.noVehicles}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {vehicles.map((v) => (
            <li key={`${v.class}-${v.model}`} className="flex items-center justify-between gap-2 px-3 py-2" data-testid="vehicle">
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900">{v.model}</p>
                <p className="text-xs text-slate-600">{v.class}</p>
              </div>
              <div className="flex shrink-0 items-center gap-2">
                <p className="text-right">
                  <span className="block text-sm font-bold text-slate-900" data-testid="vehicle-price">
                    {v.display_price}
                  </span>
                  <span className="block text-[11px] text-slate-600">
                    total · {days} day{days === 1 ? '' : 's'}
                  </span>
                </p>
                <a
                  href={v.booking_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="rounded-md bg-brand-700 px-2.5 py-1.5 text-xs font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                >
                  Book
                  <span className="sr-only">
                    {' '}
                    the {v.model} with {supplier}
                  </span>
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
