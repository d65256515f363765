/**
 * One naming style for every airport (docs/product/search.md#reference-data; decision 099): 'City, ST (XXX)' in the
 * United States and its territories (the two-letter postal code: 'Washington, DC', 'San Juan, PR'), and
 * 'City, Country (XXX)' everywhere else, with the country's common English name ('Cancun, Mexico'). Used by the
 * reference-data builder, and by the test that checks the committed snapshot.
 */
export const POSTAL_COUNTRIES: ReadonlySet<string> = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP']);

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** 'Mexico', 'Bahamas', 'Turks & Caicos Islands'. */
export function countryName(countryCode: string): string {
  return countryNames.of(countryCode) ?? countryCode;
}

/**
 * The display name. `stateCode` is the US state's postal code; a territory's own code stands in for it (the
 * territories are their own "states" in US addresses).
 */
export function airportDisplayName(a: { city: string; code: string; countryCode: string; stateCode?: string }): string {
  const place = POSTAL_COUNTRIES.has(a.countryCode) ? (a.countryCode === 'US' ? a.stateCode : a.countryCode) : countryName(a.countryCode);
  if (!place) throw new Error(`No state or country for ${a.code}`);
  return `${a.city}, ${place} (${a.code})`;
}
