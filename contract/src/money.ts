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

/**
 * docs/product/prices.md: an amount in whole dollars, cents rounded up ($15.41 is 16), so a figure on the results is
 * never lower than what the summary charges for the same fare (decision 279). Cents are counted as whole numbers
 * first, so float noise ($15.000000001) does not add a dollar.
 */
export function wholeDollarsUp(amount: number): number {
  return Math.ceil(Math.round(amount * 100) / 100);
}

/** docs/product/prices.md: result prices in whole US dollars, rounded up: '$29', '$16' for $15.41, '$1,235'. */
export function formatWholeDollars(amount: number): string {
  return `$${wholeDollarsUp(amount).toLocaleString('en-US')}`;
}

/** docs/product/prices.md: summary prices (and the fare-move notice, the .ics, e-mails) to the cent: '$42.50', '$1,234.00'. */
export function formatDollars(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** An amount in a currency's cents, as a bill shows it: '$4.99' in US dollars, '4.99 EUR' in any other currency. */
export function formatCents(cents: number, currency = 'usd'): string {
  const text = formatAmount(cents / 100);
  return currency.toLowerCase() === 'usd' ? `$${text}` : `${text} ${currency.toUpperCase()}`;
}
