import { CAR_LIMITS } from '@gowild/contract/extras';

/** docs/product/destination-extras.md#rental-panel: a whole number from 18 to 99; anything else is not accepted. */
export function parseDriverAge(text: string): number | null {
  if (!/^\d{1,2}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= CAR_LIMITS.age.min && n <= CAR_LIMITS.age.max ? n : null;
}

/** A CDP (discount) code: empty, or 1 to 10 digits. */
export function isValidCdp(text: string): boolean {
  return text.trim() === '' || /^\d{1,10}$/.test(text.trim());
}

/** The return is after the pick-up (local date and time at the airport, compared as text). */
export function returnIsAfterPickup(pickupDate: string, pickupTime: string, returnDate: string, returnTime: string): boolean {
  return `${returnDate}T${returnTime}` > `${pickupDate}T${pickupTime}`;
}
