/** Whole dollars stay whole ($5); anything else gets cents ($4.99). Every price on screen goes through this. */
export function formatPrice(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}
