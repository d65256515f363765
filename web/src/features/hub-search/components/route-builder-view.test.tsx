import { CONNECTION_MESSAGES, type ConnectionsResponse, type Itinerary } from '@gowild/contract/connections';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAirport } from '@/test/build-airport';
import { buildFlight } from '@/test/build-flight';
import { buildConfig, currentLocation, mockApi, renderWithProviders, resetTestState } from '@/test/test-utils';
import { itineraryCalendar } from './itinerary-card';
import { RouteBuilderView, inputFromParams } from './route-builder-view';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => resetTestState());

const airports = [buildAirport('DEN', 'Denver'), buildAirport('ORD', 'Chicago'), buildAirport('MCO', 'Orlando')];
const byCode = new Map(airports.map((a) => [a.stationCode, a]));
const first = buildFlight({
  origin: 'DEN',
  destination: 'ORD',
  departure_time: '2026-04-02T18:00:00',
  arrival_time: '2026-04-02T21:30:00',
  goWild: 29,
  seats: 4,
  flight_number: 'F9 100',
});
const second = buildFlight({
  origin: 'ORD',
  destination: 'MCO',
  departure_time: '2026-04-03T07:00:00',
  arrival_time: '2026-04-03T10:40:00',
  goWild: 68,
  seats: 2,
  flight_number: 'F9 200',
});
const nonstop = buildFlight({
  origin: 'DEN',
  destination: 'MCO',
  departure_time: '2026-04-02T09:00:00',
  arrival_time: '2026-04-02T14:30:00',
  goWild: 49,
  flight_number: 'F9 300',
});
const leg = (flight: typeof first, kind: 'standard' | 'early_booking', opensAt: string) => ({
  flight,
  fare_kind: kind,
  opens_at: opensAt,
  opens_time_zone: 'America/Chicago',
  open_now: false,
  checked_at: '2026-04-01T11:00:00.000Z',
  confirmed: true,
});
const chain: Itinerary = {
  id: 'F9 100@2026-04-02T18:00>F9 200@2026-04-03T07:00',
  origin: 'DEN',
  destination: 'MCO',
  legs: [leg(first, 'standard', '2026-04-01T06:00:00.000Z'), leg(second, 'early_booking', '2099-04-02T05:00:00.000Z')],
  stops: [
    {
      airport: 'ORD',
      minutes: 570,
      overnight: true,
      overnight_cost: {
        text: 'The next flight has the Early Booking charge until its own window opens.',
        early_booking_charge_usd: { from: 29, to: 89 },
      },
    },
  ],
  departure_time: first.departure_time,
  arrival_time: second.arrival_time,
  total_minutes: 1060,
  total_price: 97,
  seats: 2,
  overnight: true,
  status: 'confirmed',
  self_transfer: true,
};
const direct: Itinerary = {
  ...chain,
  id: 'F9 300@2026-04-02T09:00',
  legs: [leg(nonstop, 'standard', '2026-04-01T06:00:00.000Z')],
  stops: [],
  departure_time: nonstop.departure_time,
  arrival_time: nonstop.arrival_time,
  total_minutes: 330,
  total_price: 49,
  seats: null,
  overnight: false,
  status: 'observed',
};
const answer = (itineraries: Itinerary[]): ConnectionsResponse => ({
  itineraries,
  search_parameters: {
    origin: 'DEN',
    origin_airports: ['DEN'],
    destination: 'MCO',
    destination_airports: ['MCO'],
    date: '2026-04-02',
    max_flights: 3,
    min_connection_minutes: 90,
    max_layover_minutes: 720,
    overnight: true,
    sort: 'price',
    via: [],
    avoid: [],
    max_duration_minutes: null,
    arrive_by: null,
  },
  summary: {
    flights_considered: 120,
    route_days_observed: 40,
    route_days: 44,
    itineraries_found: itineraries.length,
    destinations_reached: 1,
    live_checks: 2,
    dropped_after_check: 0,
    search_timestamp: '2026-04-01T12:00:00.000Z',
  },
  notice: CONNECTION_MESSAGES.selfTransfer,
});

const view = (route = '/route-builder') =>
  renderWithProviders(
    <RouteBuilderView
      airports={airports}
      airportsLoading={false}
      today="2026-04-01"
      itineraryMap={(it) => <div data-testid="fake-map">{it.legs.map((l) => l.flight.destination).join(',')}</div>}
    />,
    { route },
  );

describe('RouteBuilderView', () => {
  it('sends every rule and filter of the form under the API names and keeps them in the address', async () => {
    const api = mockApi({ 'GET /api/flights/connections': () => answer([direct, chain]) });
    const { router } = view();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: 'DEN' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: 'MCO' } });
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-04-02' } });
    fireEvent.change(screen.getByLabelText('Flights at most'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Connection at least'), { target: { value: '150' } });
    fireEvent.change(screen.getByLabelText('Layover at most'), { target: { value: '480' } });
    fireEvent.change(screen.getByLabelText('Total time at most'), { target: { value: '1080' } });
    fireEvent.change(screen.getByLabelText('Arrive by (local)'), { target: { value: '15:30' } });
    fireEvent.change(screen.getByLabelText('Through hubs'), { target: { value: 'ord, atl' } });
    fireEvent.change(screen.getByLabelText('Avoid hubs'), { target: { value: 'las' } });
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price' } });
    fireEvent.click(screen.getByLabelText('Overnight connections'));
    fireEvent.click(screen.getByRole('button', { name: 'Build routes' }));
    await screen.findAllByTestId('itinerary');
    const sent = {
      origin: 'DEN',
      destination: 'MCO',
      date: '2026-04-02',
      max_flights: '2',
      min_connection: '150',
      max_layover: '480',
      overnight: 'false',
      sort: 'price',
      via: 'ORD, ATL',
      avoid: 'LAS',
      max_duration: '1080',
      arrive_by: '15:30',
    };
    const url = new URL(api.callsTo('GET /api/flights/connections')[0]!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual(sent);
    // A reload of the page's address fills the form in and searches the same again.
    const address = new URL(currentLocation(router), 'http://x');
    expect(address.pathname).toBe('/route-builder');
    expect(Object.fromEntries(address.searchParams)).toEqual(sent);
    expect(inputFromParams(address.searchParams, '2026-04-01')).toMatchObject({ maxFlights: 2, minConnection: 150, overnight: false });
  });

  it('offers no connection time under the safe default: the traveller may raise it, never lower it', () => {
    mockApi();
    view();
    const options = within(screen.getByLabelText('Connection at least')).getAllByRole('option') as HTMLOptionElement[];
    expect(options[0]!.value).toBe('');
    expect(options[0]!.textContent).toBe('Safe default (90 min)');
    expect(options.slice(1).map((o) => Number(o.value))).toEqual([120, 150, 180, 240]);
  });

  it("takes the safe default from the server's setting: a longer one is the default and the floor of the choices", async () => {
    mockApi({ 'GET /api/config': () => buildConfig({ connections: { minTransferMinutes: 150 } }) });
    view();
    const select = screen.getByLabelText('Connection at least');
    await waitFor(() => expect(within(select).getAllByRole('option')[0]!.textContent).toBe('Safe default (150 min)'));
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.slice(1).map((o) => Number(o.value))).toEqual([180, 240]);
  });

  it('shows each itinerary with its map, its flights as separate bookings, fare kinds, windows, overnight cost and the plain warning', async () => {
    mockApi({ 'GET /api/flights/connections': () => answer([direct, chain]) });
    view('/route-builder?origin=DEN&destination=MCO&date=2026-04-02');
    const cards = await screen.findAllByTestId('itinerary');
    expect(cards).toHaveLength(2);
    // One map per itinerary, drawn from that itinerary's own flights.
    expect(cards.map((c) => within(c).getByTestId('fake-map').textContent)).toEqual(['MCO', 'ORD,MCO']);
    const c = cards[1]!;
    expect(within(c).getAllByTestId('itinerary-leg')).toHaveLength(2);
    expect(within(c).getAllByText('Flight 1 · its own booking')).toHaveLength(1);
    const fares = within(c)
      .getAllByTestId('leg-fare')
      .map((f) => f.textContent);
    expect(fares[0]).toMatch(/^GoWild \$29\.00.*4 seats/);
    expect(fares[1]).toMatch(/^GoWild Early Booking \$68\.00.*2 seats/);
    // The second flight's own window is still shut: it says when it opens, on its departure airport's clock.
    expect(within(c).getByText(/Bookable with GoWild from 12:00 AM CT/)).toBeTruthy();
    expect(within(c).getByTestId('itinerary-stop').textContent).toContain('9h 30m at ORD: self-transfer');
    expect(within(c).getByTestId('itinerary-overnight').textContent).toContain(chain.stops[0]!.overnight_cost!.text);
    expect(within(c).getByTestId('itinerary-notice').textContent).toBe(CONNECTION_MESSAGES.selfTransfer);
    expect(within(c).getByTestId('itinerary-total').textContent).toContain('$97.00');
    expect(c.textContent).toContain('(+1 day)');
    // A single flight is one booking: no self-transfer notice on its card.
    expect(within(cards[0]!).queryByTestId('itinerary-notice')).toBeNull();
    expect(screen.getByTestId('route-builder-risk').textContent).toContain(CONNECTION_MESSAGES.selfTransfer);
    // "Add to Calendar" for the whole chain: one event per flight, each saying the bookings are separate.
    const ics = itineraryCalendar(chain, byCode, new Date('2026-04-01T12:00:00Z'));
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics.replace(/\r\n /g, '')).toMatch(/separate/i);
  });

  it('opens a share link: the named itinerary first and marked, or says it is no longer offered', async () => {
    const api = mockApi({ 'GET /api/flights/connections': () => answer([direct, chain]) });
    const link = `/route-builder?origin=DEN&destination=MCO&date=2026-04-02&pick=${encodeURIComponent(chain.id)}`;
    const a = view(link);
    const cards = await screen.findAllByTestId('itinerary');
    expect(cards[0]!.getAttribute('data-itinerary-id')).toBe(chain.id);
    expect(cards[0]!.className).toContain('ring-2');
    expect(new URL(api.callsTo('GET /api/flights/connections')[0]!.url, 'http://x').searchParams.get('pick')).toBe(chain.id);
    expect(screen.queryByText(/no longer offered/)).toBeNull();
    a.unmount();
    resetTestState();
    mockApi({ 'GET /api/flights/connections': () => answer([direct]) });
    view(link);
    expect(await screen.findByText('The shared itinerary is no longer offered with GoWild on every flight. Here is what is.')).toBeTruthy();
  });
});
