import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GoWildFareType } from '@gowild/contract/gowild-fare';
import { buildFlight } from '@/test/build-flight';
import { DestinationCard } from './destination-card';
import { FlightRow } from './flight-row';

function flightOf(fareType: GoWildFareType, total: number) {
  const f = buildFlight({ goWild: total });
  return { ...f, fares: { ...f.fares, go_wild: { total, available_seats: null, fare_type: fareType } } };
}

function renderRow(fareType: GoWildFareType, total: number, routeKind: 'domestic' | 'international' = 'domestic') {
  return render(
    <ul>
      <FlightRow flight={flightOf(fareType, total)} isPremium routeKind={routeKind} />
    </ul>,
  );
}

describe('GoWild fare kinds on a flight row (decision 176)', () => {
  it('labels the standard fare GoWild and shows it is $0.01 plus taxes and fees', async () => {
    renderRow('standard', 15.41);
    const cell = screen.getByText('GoWild').closest('li')!;
    expect(cell.getAttribute('data-fare')).toBe('go_wild');
    await userEvent.click(screen.getByText('What is in the GoWild price?'));
    const price = screen.getByTestId('gowild-price');
    expect(within(price).getByText('GoWild fare').nextSibling?.textContent).toBe('$0.01');
    expect(within(price).getByText('Taxes and fees').nextSibling?.textContent).toBe('$15.40');
    expect(within(price).getByText('Total').nextSibling?.textContent).toBe('$15.41');
  });

  it('names an Early Booking fare and splits its charge from the taxes', async () => {
    renderRow('early_booking', 74.41);
    expect(screen.getByText('GoWild Early Booking')).toBeTruthy();
    expect(screen.queryByText('GoWild', { exact: true })).toBeNull();
    await userEvent.click(screen.getByText('What is in the GoWild Early Booking price?'));
    const price = screen.getByTestId('gowild-price');
    expect(within(price).getByText(/before the booking window opens/)).toBeTruthy();
    expect(within(price).getByText('Early Booking Charge').nextSibling?.textContent).toBe('$59.00');
  });

  it('shows the fare, the taxes and fees and the charge as lines of their own', async () => {
    renderRow('early_booking', 74.41);
    await userEvent.click(screen.getByText('What is in the GoWild Early Booking price?'));
    const price = screen.getByTestId('gowild-price');
    expect([...price.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextSibling?.textContent])).toEqual([
      ['GoWild fare', '$0.01'],
      ['Taxes and fees', '$15.40'],
      ['Early Booking Charge', '$59.00'],
      ['Total', '$74.41'],
    ]);
    expect(within(price).queryByText(/Taxes, fees and/)).toBeNull();
  });

  it('splits an international charge from the taxes as bounds, and says why', async () => {
    renderRow('peak_day', 180.5, 'international');
    await userEvent.click(screen.getByText('What is in the GoWild Peak Day price?'));
    const price = screen.getByTestId('gowild-price');
    expect([...price.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextSibling?.textContent])).toEqual([
      ['GoWild fare', '$0.01'],
      ['Taxes and fees', 'up to $101.49'],
      ['Peak Day Charge', 'from $79.00'],
      ['Total', '$180.50'],
    ]);
    expect(within(price).getByText(/vary by country and direction/)).toBeTruthy();
  });

  it('names a Peak Day fare, in words, on a blackout date', async () => {
    renderRow('peak_day', 94.41);
    expect(screen.getByText('GoWild Peak Day')).toBeTruthy();
    await userEvent.click(screen.getByText('What is in the GoWild Peak Day price?'));
    expect(within(screen.getByTestId('gowild-price')).getByText('Peak Day Charge').nextSibling?.textContent).toBe('$79.00');
    expect(screen.getByText(/blackout date: the price includes a Peak Day Charge/)).toBeTruthy();
  });
});

describe('GoWild fare kinds on a destination card', () => {
  it.each([
    // Whole dollars rounded up: never below the summary's $15.41 (docs/product/prices.md).
    ['standard', 'GoWild $16'],
    ['early_booking', 'GoWild Early Booking $75'],
    ['peak_day', 'GoWild Peak Day $95'],
  ] as const)('names the cheapest GoWild fare %s in the header', (fareType, text) => {
    const total = { standard: 15.41, early_booking: 74.41, peak_day: 94.41 }[fareType];
    render(
      <MemoryRouter>
        <ul>
          <DestinationCard
            code="LAS"
            name="Las Vegas (LAS)"
            flights={[flightOf(fareType, total)]}
            expanded={false}
            onToggle={() => {}}
            isPremium
            route={{ origin: 'DEN', destination: 'LAS', date: '2026-04-02' }}
          />
        </ul>
      </MemoryRouter>,
    );
    const chip = screen.getByTestId('gowild-chip');
    expect(chip.textContent).toBe(text);
    expect(chip.getAttribute('data-fare-type')).toBe(fareType);
  });
});
