import type { PriceHistoryResponse } from '@gowild/contract/observations';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders, reply, resetTestState } from '@/test/test-utils';
import { GoodPriceBadge } from './good-price-badge';
import { PriceHistoryPanel } from './price-history-panel';
import { RouteInsightLine } from './route-insight-line';
import { Sparkline } from './sparkline';

const points = [
  { observed_at: '2026-11-02T15:00:00Z', standard: 129, discount_den: 99 },
  { observed_at: '2026-11-10T15:00:00Z', standard: 139, discount_den: null },
  { observed_at: '2026-11-20T15:00:00Z', standard: 89, discount_den: 79 },
];

afterEach(() => resetTestState());

describe('Sparkline', () => {
  it('draws the fares and says the same in words: the drawing is hidden, the words describe it', () => {
    render(<Sparkline points={points} />);
    const figure = screen.getByTestId('price-sparkline');
    const text = screen.getByTestId('price-history-text');
    expect(text.textContent).toBe(
      'Over 3 checks since Mon, Nov 2: Standard from $129 to $89 now (lowest $89, highest $139); Discount Den from $99 to $79 now (lowest $79, highest $99).',
    );
    expect(figure.getAttribute('aria-describedby')).toBe(text.id);
    const svg = figure.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    // Standard is one line of three points; Discount Den breaks where it was not on sale (two dots).
    expect(svg.querySelectorAll('polyline')).toHaveLength(1);
    expect(svg.querySelector('polyline')!.getAttribute('points')!.split(' ')).toHaveLength(3);
    expect(svg.querySelectorAll('circle')).toHaveLength(2);
  });

  it('is honest with no history, and can keep its words for screen readers only', () => {
    render(<Sparkline points={[]} showSummary={false} />);
    const text = screen.getByTestId('price-history-text');
    expect(text.textContent).toBe('No prices recorded for this date yet.');
    expect(text.className).toBe('sr-only');
    expect(screen.getByTestId('price-sparkline').querySelector('svg')).toBeNull();
  });

  it("marks the airline's week-view figures apart from the answers' lines, and says where they come from", () => {
    const now = new Date('2026-11-20T17:00:00Z');
    const mixed = [
      { observed_at: '2026-11-02T15:00:00Z', standard: 129, discount_den: 99, source: 'answer' as const, lowest_fare: 99 },
      { observed_at: '2026-11-10T15:00:00Z', standard: null, discount_den: null, source: 'ribbon' as const, lowest_fare: 109 },
      { observed_at: '2026-11-20T15:00:00Z', standard: null, discount_den: null, source: 'ribbon' as const, lowest_fare: 89 },
    ];
    render(<Sparkline points={mixed} now={now} />);
    expect(screen.getByTestId('price-history-text').textContent).toBe(
      "Over 1 check since Mon, Nov 2: Standard $129 throughout; Discount Den $99 throughout. Lowest fare $89 from the airline's week view, seen 2 h ago (2 sightings since Tue, Nov 10: lowest $89, highest $109).",
    );
    const svg = screen.getByTestId('price-sparkline').querySelector('svg')!;
    // The answer's fares are dots of their own (the week view's points do not break or join their lines)...
    expect(svg.querySelectorAll(':scope > circle')).toHaveLength(2);
    // ...and the week view's two sightings are a dashed line with hollow dots.
    const ribbon = svg.querySelector('[data-series="ribbon"]')!;
    expect(ribbon.querySelectorAll('polyline')).toHaveLength(1);
    expect(ribbon.querySelector('polyline')!.getAttribute('stroke-dasharray')).toBe('3 2');
    expect(ribbon.querySelectorAll('circle')).toHaveLength(2);
  });

  it('says a week-view figure alone as it is, with no checks', () => {
    const only = [{ observed_at: '2026-11-20T16:50:00Z', standard: null, discount_den: null, source: 'ribbon' as const, lowest_fare: 75 }];
    render(<Sparkline points={only} now={new Date('2026-11-20T17:00:00Z')} />);
    expect(screen.getByTestId('price-history-text').textContent).toBe("Lowest fare $75 from the airline's week view, seen 10 min ago.");
  });

  it('says a steady fare is steady', () => {
    render(<Sparkline points={[{ observed_at: '2026-11-02T15:00:00Z', standard: 99, discount_den: null }]} />);
    expect(screen.getByTestId('price-history-text').textContent).toBe('Over 1 check since Mon, Nov 2: Standard $99 throughout.');
  });
});

describe('GoodPriceBadge', () => {
  it('shows for a fare in the lowest quarter, and says why to a screen reader', () => {
    render(<GoodPriceBadge goodPrice={{ good: true, fare: 89, threshold: 95, observed_days: 60 }} />);
    const badge = screen.getByTestId('good-price-badge');
    expect(badge.textContent).toBe(
      "Good price: $89 is in the lowest quarter of this route's fares over the last 90 days (at or under $95)",
    );
    expect(within(badge).getByText(/lowest quarter/).className).toBe('sr-only');
  });

  it('shows nothing for a fare above it, or without a verdict', () => {
    const { container } = render(
      <>
        <GoodPriceBadge goodPrice={{ good: false, fare: 120, threshold: 95, observed_days: 60 }} />
        <GoodPriceBadge goodPrice={null} />
      </>,
    );
    expect(container.textContent).toBe('');
  });
});

describe('PriceHistoryPanel', () => {
  it('asks for the route and date and shows the history, the badge and the likelihood', async () => {
    const answer: PriceHistoryResponse = {
      origin: 'DEN',
      destination: 'MCO',
      date: '2026-12-02',
      points,
      good_price: { good: true, fare: 89, threshold: 95, observed_days: 60 },
      likelihood: { status: 'known', offered_days: 8, observed_days: 10 },
      flight_likelihood: {
        'F9 2001': { status: 'known', offered_days: 6, observed_days: 9 },
        'F9 1001': { status: 'not_enough_history', observed_days: 3 },
      },
      demo: false,
    };
    const api = mockApi({ 'GET /api/flights/price-history': () => answer });
    renderWithProviders(<PriceHistoryPanel route={{ origin: 'DEN', destination: 'MCO', date: '2026-12-02' }} />);
    const panel = await screen.findByRole('region', { name: 'Price history, DEN to MCO' });
    expect(within(panel).getByTestId('good-price-badge')).toBeTruthy();
    expect(within(panel).getByText('GoWild on 8 of the last 10 days')).toBeTruthy();
    const perFlight = within(panel).getByRole('list', { name: 'GoWild likelihood per flight' });
    expect(
      within(perFlight)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['F9 1001: Not enough history yet', 'F9 2001: GoWild on 6 of the last 9 days']);
    expect(api.callsTo('GET /api/flights/price-history')[0]!.url).toBe(
      '/api/flights/price-history?origin=DEN&destination=MCO&date=2026-12-02',
    );
    expect(within(panel).getByTestId('sparkline-key').textContent).toBe('StandardDiscount Den');
  });

  it("keys the week view's marks when the history has some", async () => {
    const answer: PriceHistoryResponse = {
      origin: 'DEN',
      destination: 'MCO',
      date: '2026-12-04',
      points: [{ observed_at: '2026-11-20T15:00:00Z', standard: null, discount_den: null, source: 'ribbon', lowest_fare: 89 }],
      good_price: null,
      likelihood: { status: 'not_enough_history', observed_days: 0 },
      demo: false,
    };
    mockApi({ 'GET /api/flights/price-history': () => answer });
    renderWithProviders(
      <PriceHistoryPanel route={{ origin: 'DEN', destination: 'MCO', date: '2026-12-04' }} now={new Date('2026-11-20T16:00:00Z')} />,
    );
    const panel = await screen.findByRole('region', { name: 'Price history, DEN to MCO' });
    expect(within(panel).getByTestId('sparkline-key').textContent).toBe('StandardDiscount DenLowest fare (week view)');
    expect(within(panel).getByTestId('price-history-text').textContent).toBe("Lowest fare $89 from the airline's week view, seen 1 h ago.");
  });
});

describe('RouteInsightLine', () => {
  it("shows each card's route likelihood from one shared call, and is honest about a route never seen", async () => {
    const api = mockApi({
      'GET /api/flights/route-insights': () => ({
        origin: 'DEN',
        date: '2026-12-02',
        routes: {
          MCO: { likelihood: { status: 'known', offered_days: 8, observed_days: 10 }, good_price: null },
          LAS: {
            likelihood: { status: 'not_enough_history', observed_days: 1 },
            good_price: { good: true, fare: 50, threshold: 60, observed_days: 30 },
          },
        },
        demo: false,
      }),
    });
    renderWithProviders(
      <>
        <RouteInsightLine origin="DEN" destination="MCO" date="2026-12-02" />
        <RouteInsightLine origin="DEN" destination="LAS" date="2026-12-02" />
        <RouteInsightLine origin="DEN" destination="PHX" date="2026-12-02" />
      </>,
    );
    expect(await screen.findByText('GoWild on 8 of the last 10 days')).toBeTruthy();
    expect(screen.getAllByTestId('route-insight').map((e) => e.textContent)).toEqual([
      'GoWild on 8 of the last 10 days',
      "Not enough history yetGood price: $50 is in the lowest quarter of this route's fares over the last 90 days (at or under $60)",
      'Not enough history yet',
    ]);
    expect(screen.getAllByTestId('good-price-badge')).toHaveLength(1);
    expect(api.callsTo('GET /api/flights/route-insights')).toHaveLength(1);
  });

  it('says nothing when the history cannot be had', async () => {
    const api = mockApi({
      'GET /api/flights/route-insights': () => reply(503, { error: 'Unavailable', message: 'down', code: 'UNAVAILABLE' }),
    });
    renderWithProviders(<RouteInsightLine origin="DEN" destination="MCO" date="2026-12-02" />);
    await waitFor(() => expect(api.callsTo('GET /api/flights/route-insights')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('route-insight')).toBeNull();
  });
});
