/**
 * Money as the product writes it: US dollars, 'en-US' digits. Every price on a screen, in an e-mail or in a test's
 * expectation goes through one of these (decision 125), so a price reads the same wherever it appears.
 */

/** '49' or '49.99': an amount with cents only when it has any, no sign, no thousands separator (the price a traveller typed). */
export function formatAmount(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

/** '$5' or '$4.99': plan prices and alert maximums. */
export function formatPrice(amount: number): string {
  return `$${formatAmount(amount)}`;
}

/** docs/product/search.md#fare-types: result prices in whole US dollars: '$29', '$1,234'. */
export function formatWholeDollars(amount: number): string {
  return `$${Math.round(amount).toLocaleString('en-US')}`;
}

/** Summary prices to the cent: '$42.50', '$1,234.00'. */
export function formatDollars(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** An amount in a currency's cents, as a bill shows it: '$4.99' in US dollars, '4.99 EUR' in any other currency. */
export function formatCents(cents: number, currency = 'usd'): string {
  const text = formatAmount(cents / 100);
  return currency.toLowerCase() === 'usd' ? `$${text}` : `${text} ${currency.toUpperCase()}`;
}
