import { describe, expect, it } from 'vitest';
import { type MatchedFlight, alertMatchEmail } from './alert-emails';

const owner = { email: 'ana@example.com', firstName: 'Ana' };
const alert = { originAirport: 'DEN', destinationAirport: 'LAS', travelDates: ['2026-04-03'], maxPriceCents: 10_000, gowildOnly: true };
const match: MatchedFlight = {
  date: '2026-04-03',
  fare: 'go_wild',
  price: 94.41,
  flightNumber: 'F9 1234',
  departureTime: '2026-04-03T08:00:00',
  arrivalTime: '2026-04-03T09:00:00',
  stops: 0,
  durationMinutes: 120,
  bookingLink: null,
};
const opts = { appUrl: 'http://localhost:3000', supportEmail: 'help@example.com' };

describe('alert match e-mail: GoWild fare kinds (decision 176)', () => {
  it('names a Peak Day fare and says its price includes the charge', () => {
    const mail = alertMatchEmail(owner, alert, { ...match, goWildFareType: 'peak_day' }, opts);
    expect(mail.text).toContain('Fare: GoWild Peak Day $94.41');
    expect(mail.text).toContain('the price includes a Peak Day Charge per flight');
    expect(mail.html).toContain('GoWild Peak Day');
  });

  it('says plain GoWild, with no charge sentence, for the standard fare', () => {
    const mail = alertMatchEmail(owner, alert, { ...match, price: 15.41, goWildFareType: 'standard' }, opts);
    expect(mail.text).toContain('Fare: GoWild $15.41');
    expect(mail.text).not.toContain('Charge');
  });
});
