import { addDays } from '@gowild/contract/dates';
import { HOTEL_LIMITS, HOTEL_MESSAGES, HOTEL_SORTS, HOTEL_SORT_LABELS, type HotelSort } from '@gowild/contract/extras';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSearchHotels } from '../api/search-hotels';
import { HotelCard } from './hotel-card';

export interface HotelsPanelProps {
  /** The destination airport. */
  code: string;
  /** The stay by default (YYYY-MM-DD); check-out after check-in. */
  checkin: string;
  checkout: string;
  /** 'search': in a destination card of the results; 'summary': the trip summary's 'Hotels at Destination'. */
  variant: 'search' | 'summary';
}

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);
const selectClasses = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900';

/**
 * Hotels near the destination airport (docs/product/destination-extras.md#hotels-panel): dates, adults
 * and rooms, the four sorts, 12 a page, and the states loading ('Loading hotel options...', then 'Updating...' while a
 * change reloads a list already shown), error with 'Try again', empty and the list.
 */
export function HotelsPanel({ code, checkin: initialCheckin, checkout: initialCheckout, variant }: HotelsPanelProps) {
  const id = useId();
  const [stay, setStay] = useState<Stay>({
    checkin: initialCheckin,
    checkout: initialCheckout > initialCheckin ? initialCheckout : addDays(initialCheckin, 1),
    adults: HOTEL_LIMITS.adults.default,
    rooms: HOTEL_LIMITS.rooms.default,
  });
  const [sort, setSort] = useState<HotelSort>('auto');
  const [page, setPage] = useState(1);
  const hotels = useSearchHotels(code, { ...stay, sort, page, perPage: HOTEL_LIMITS.panelPerPage });
  const data = hotels.data;
  const title = variant === 'summary' ? 'Hotels at Destination' : `Hotels near ${code}`;
  // Any change of the stay or the sort starts again from the first page.
  const changeStay = (next: Stay) => {
    setStay(next);
    setPage(1);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4" data-testid="hotels-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-base font-bold text-slate-900">
          {title}
        </h3>
        <div className="flex items-center gap-2 text-xs">
          {hotels.isFetching && data ? (
            <span role="status" className="font-medium text-brand-800">
              {HOTEL_MESSAGES.updating}
            </span>
          ) : null}
          {data?.demo ? <span className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900">Demo data</span> : null}
        </div>
      </div>
      <StayFields stay={stay} onChange={changeStay} />
      <div role="group" aria-label="Sort hotels" className="mt-3 flex flex-wrap gap-1.5">
        {HOTEL_SORTS.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={sort === s}
            onClick={() => {
              setSort(s);
              setPage(1);
            }}
            className={`rounded-full border px-3 py-1 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
              sort === s ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
            }`}
          >
            {HOTEL_SORT_LABELS[s]}
          </button>
        ))}
      </div>
      <div className="mt-3" aria-busy={hotels.isFetching}>
        <HotelResults code={code} variant={variant} hotels={hotels} page={page} onPage={setPage} />
      </div>
    </section>
  );
}

interface Stay {
  checkin: string;
  checkout: string;
  adults: number;
  rooms: number;
}

/** Check-in and check-out (check-out always after check-in), adults and rooms. */
function StayFields({ stay, onChange }: { stay: Stay; onChange: (next: Stay) => void }) {
  const { checkin, checkout } = stay;
  return (
    <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
      <label className="text-xs font-medium text-slate-700">
        Check-in
        <input
          type="date"
          className={selectClasses}
          value={checkin}
          onChange={(e) => {
            const v = e.target.value;
            if (v) onChange({ ...stay, checkin: v, checkout: checkout <= v ? addDays(v, 1) : checkout });
          }}
        />
      </label>
      <label className="text-xs font-medium text-slate-700">
        Check-out
        <input
          type="date"
          className={selectClasses}
          value={checkout}
          min={addDays(checkin, 1)}
          onChange={(e) => {
            const v = e.target.value;
            if (v && v > checkin) onChange({ ...stay, checkout: v });
          }}
        />
      </label>
      <label className="text-xs font-medium text-slate-700">
        Adults
        <select className={selectClasses} value={stay.adults} onChange={(e) => onChange({ ...stay, adults: Number(e.target.value) })}>
          {range(HOTEL_LIMITS.adults.min, HOTEL_LIMITS.adults.max).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label className="text-xs font-medium text-slate-700">
        Rooms
        <select className={selectClasses} value={stay.rooms} onChange={(e) => onChange({ ...stay, rooms: Number(e.target.value) })}>
          {range(HOTEL_LIMITS.rooms.min, HOTEL_LIMITS.rooms.max).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** Loading, empty, a failure with 'Try again', or a page of hotels with its footer and paging. */
function HotelResults({
  code,
  variant,
  hotels,
  page,
  onPage,
}: {
  code: string;
  variant: HotelsPanelProps['variant'];
  hotels: ReturnType<typeof useSearchHotels>;
  page: number;
  onPage: (update: (p: number) => number) => void;
}) {
  const data = hotels.data;
  const notFound = hotels.error instanceof ApiError && hotels.error.status === 404;
  const emptyText = variant === 'summary' ? HOTEL_MESSAGES.emptySummary : HOTEL_MESSAGES.emptySearch;
  const totalPages = data?.pagination.total_pages ?? 1;
  if (hotels.isPending) {
    return (
      <div role="status" className="space-y-2">
        <p className="text-sm text-slate-600">{HOTEL_MESSAGES.loading}</p>
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="h-24 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
    );
  }
  if (notFound || (data && data.properties.length === 0 && !hotels.isError)) {
    return <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">{emptyText}</p>;
  }
  if (hotels.isError) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-3 text-sm text-red-800"
      >
        <span>{variant === 'summary' ? errorMessage(hotels.error, HOTEL_MESSAGES.failed) : HOTEL_MESSAGES.failedSearch}</span>
        <Button size="sm" variant="secondary" onClick={() => void hotels.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!data) return null;
  return (
    <>
      <ul className={`space-y-2 ${hotels.isPlaceholderData ? 'opacity-60' : ''}`} aria-label={`Hotels near ${code}`}>
        {data.properties.map((h) => (
          <HotelCard key={h.id} hotel={h} />
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-600" data-testid="hotels-footer">
          {HOTEL_MESSAGES.footer(data.properties.length, data.pagination.total_properties)}
        </p>
        {totalPages > 1 ? (
          <div className="flex items-center gap-2">
            <Button size="xs" variant="secondary" disabled={page <= 1} onClick={() => onPage((p) => p - 1)}>
              Previous
            </Button>
            <span className="text-xs text-slate-600">
              Page {page} of {totalPages}
            </span>
            <Button size="xs" variant="secondary" disabled={page >= totalPages} onClick={() => onPage((p) => p + 1)}>
              Next
            </Button>
          </div>
        ) : null}
      </div>
      <p className="mt-1 text-[11px] text-slate-500">Hotel offers powered by {data.provider}. Book on the partner&apos;s site.</p>
    </>
  );
}
