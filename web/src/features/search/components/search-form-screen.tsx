import type { Airport } from '@gowild/contract/reference';
import { type Dispatch, type ReactNode, useMemo } from 'react';
import { type DistanceFn, buildAirportOptions } from '@/components/airport-picker/airport-options';
import { useGridColumns } from '@/components/airport-picker/use-grid-columns';
import { type FormMessage, PAGE_MESSAGES, type SearchAuth, type SearchFormAction, type SearchFormValues } from '../utils/search-page-state';
import { SearchForm } from './search-form';

export interface SearchFormScreenProps {
  form: SearchFormValues;
  message: FormMessage | null;
  dispatch: Dispatch<SearchFormAction>;
  onSearch: () => void;
  onShare: () => void;
  airports: { data?: Airport[]; isPending: boolean; isError: boolean };
  blackoutDates: readonly string[];
  peakDayChargeFrom?: number | null;
  distance?: DistanceFn;
  /** A search value as people read it ('Denver, CO (DEN)', 'New York City'). */
  describe: (value: string) => string;
  auth: SearchAuth;
  searchesRemaining?: number | null;
  freeSearchesPerDay: number | null;
  usageBadge?: ReactNode;
  loading: boolean;
  today: string;
}

/**
 * The search form screen (docs/product/search.md#search-form): the heading and the form, its airport cards built from
 * the airports list.
 */
export function SearchFormScreen(props: SearchFormScreenProps) {
  const { form, dispatch, auth, airports } = props;
  const columns = useGridColumns();
  const options = useMemo(
    () => buildAirportOptions(airports.data ?? [], form.viewMode, props.distance),
    [airports.data, form.viewMode, props.distance],
  );
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Find GoWild deals</h1>
        <p className="text-sm text-slate-600">Every Frontier GoWild, Standard and Discount Den fare from your airport, in one search.</p>
      </div>
      <SearchForm
        values={form}
        onDirectionChange={(direction) => dispatch({ type: 'direction-changed', direction })}
        onViewModeChange={(viewMode) => dispatch({ type: 'view-mode-changed', viewMode })}
        onOriginChange={(origin) => dispatch({ type: 'form-changed', patch: { origin } })}
        onDestinationChange={(destination) => dispatch({ type: 'form-changed', patch: { destination } })}
        onSingleRouteChange={(on) => dispatch({ type: 'single-route-changed', on, isPremium: auth.isPremium })}
        onDateChange={(date) => dispatch({ type: 'form-changed', patch: { date } })}
        onTripDaysChange={(tripDays) => dispatch({ type: 'form-changed', patch: { tripDays } })}
        onSearch={props.onSearch}
        onShare={props.onShare}
        options={options}
        optionsLoading={airports.isPending}
        optionsError={airports.isError ? PAGE_MESSAGES.airportsFailed : null}
        columns={columns}
        blackoutDates={props.blackoutDates}
        peakDayChargeFrom={props.peakDayChargeFrom}
        isPremium={auth.isPremium}
        signedIn={auth.signedIn}
        searchesRemaining={props.searchesRemaining}
        loading={props.loading}
        originLabel={props.describe(form.origin)}
        destinationLabel={props.describe(form.destination)}
        freeSearchesPerDay={props.freeSearchesPerDay}
        usageBadge={auth.signedIn ? props.usageBadge : null}
        message={props.message}
        today={props.today}
      />
    </div>
  );
}
