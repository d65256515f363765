import type { Page } from '@playwright/test';

/** A calendar date on this machine's clock (the browser runs on the same machine), `days` from today. */
export function localDate(days = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Keeps the What's New modal (shown once per browser after ~1 s) from covering the page under test. */
export async function dismissWhatsNew(page: Page): Promise<void> {
  const res = await page.request.get('/api/config');
  const { appVersion } = (await res.json()) as { appVersion: string };
  await page.addInitScript((v) => window.localStorage.setItem(`app_update_modal_${v}`, 'seen'), appVersion);
}

interface StoredFlight {
  flight: { fares: Record<'go_wild' | 'standard' | 'discount_den', { total: number } | null> };
}

/** Section 9: a flight's price is the first available of go_wild, standard, discount_den, else 0. */
export function priceOf(stored: StoredFlight): number {
  const f = stored.flight.fares;
  for (const fare of [f.go_wild, f.standard, f.discount_den]) if (fare && fare.total > 0) return fare.total;
  return 0;
}

export function dollars(n: number): string {
  return `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
