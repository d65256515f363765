import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_RESULTS_ID, dismissEarlyResults, drawEarlyResults } from './early-results';

const fares = (goWild: number | null, standard: number | null) => ({
  go_wild: goWild === null ? null : { total: goWild },
  standard: standard === null ? null : { total: standard },
  discount_den: null,
});
const destination = (code: string, flights: { stops: number; fares: ReturnType<typeof fares> }[], extra = {}) => ({
  type: 'destination',
  code,
  flights,
  done: 1,
  total: 4,
  ...extra,
});

/** A streamed answer whose lines arrive one by one, as `send` says; `end` closes it. */
function streamed(status = 200) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status, headers: { 'content-type': 'application/x-ndjson' } }),
    send: (e: object) => controller.enqueue(encoder.encode(`${JSON.stringify(e)}\n`)),
    end: () => controller.close(),
  };
}

const SEARCH = { direction: 'outbound' as const, origin: 'DEN', destination: '', date: '2026-12-03' };
const view = () => document.getElementById(EARLY_RESULTS_ID);
const settle = () => new Promise((r) => setTimeout(r, 30));

describe("a link's early view (decision 326)", () => {
  beforeEach(() => {
    delete (window as unknown as Record<string, unknown>).__gowildEarlyResultsDone;
    vi.stubGlobal('requestAnimationFrame', (fn: () => void) => setTimeout(fn, 0));
  });
  afterEach(() => {
    view()?.remove();
    vi.unstubAllGlobals();
  });

  it('draws the destinations with flights as they arrive, in the groups the app uses, labelled demo', async () => {
    const s = streamed();
    const drawn = drawEarlyResults(Promise.resolve(s.response), SEARCH);
    s.send({ type: 'start', total: 4, codes: ['LAS', 'MCO', 'ATL', 'SEA'], demo: true });
    await settle();
    // Nothing to show yet: no page over the app.
    expect(view()).toBeNull();
    s.send(
      destination('LAS', [
        { stops: 0, fares: fares(29, 89) },
        { stops: 1, fares: fares(null, 120) },
      ]),
    );
    s.send(destination('MCO', [{ stops: 1, fares: fares(null, 64) }]));
    s.send(destination('ATL', []));
    s.send(destination('SEA', [], { failed: true }));
    await settle();
    expect(view()?.getAttribute('aria-hidden')).toBe('true');
    expect(view()?.querySelector('h1')?.textContent).toBe('Flights from DEN');
    expect(view()?.textContent).toContain('Thursday, December 3, 2026');
    expect(view()?.textContent).toContain('Demo data');
    const cards = [...view()!.querySelectorAll('[data-testid="early-destination-card"]')].map((c) => c.textContent);
    expect(cards).toEqual(['LAS2 flights · nonstop availableGoWild $29', 'MCO1 flightfrom $64']);
    expect([...view()!.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['GoWild Destinations (1)', 'Standard Destinations (1)']);
    s.end();
    await drawn;
  });

  it('leaves the original answer whole for the app, and stops drawing once the app has taken over', async () => {
    const s = streamed();
    const answer = Promise.resolve(s.response);
    const drawn = drawEarlyResults(answer, SEARCH);
    s.send({ type: 'start', total: 2, codes: ['LAS', 'MCO'] });
    s.send(destination('LAS', [{ stops: 0, fares: fares(29, 89) }]));
    await settle();
    expect(view()).not.toBeNull();
    expect(view()?.textContent).not.toContain('Demo data');
    dismissEarlyResults();
    expect(view()).toBeNull();
    s.send(destination('MCO', [{ stops: 1, fares: fares(null, 64) }]));
    s.end();
    await drawn;
    await settle();
    expect(view()).toBeNull();
    // The app reads every line from the original body.
    const lines = (await (await answer).text()).trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { type: string; code?: string }).code ?? 'start')).toEqual(['start', 'LAS', 'MCO']);
  });

  it('draws nothing for a refusal, a failed request, or after the app has taken over', async () => {
    const refused = streamed(429);
    refused.send(destination('LAS', [{ stops: 0, fares: fares(29, 89) }]));
    refused.end();
    await drawEarlyResults(Promise.resolve(refused.response), SEARCH);
    await settle();
    expect(view()).toBeNull();
    await drawEarlyResults(Promise.reject(new TypeError('network')), SEARCH);
    dismissEarlyResults();
    const late = streamed();
    const drawn = drawEarlyResults(Promise.resolve(late.response), SEARCH);
    late.send(destination('LAS', [{ stops: 0, fares: fares(29, 89) }]));
    late.end();
    await drawn;
    await settle();
    expect(view()).toBeNull();
  });

  it("names a GoWild fare's kind as the app's chip does", async () => {
    const s = streamed();
    const drawn = drawEarlyResults(Promise.resolve(s.response), SEARCH);
    const peak = { go_wild: { total: 95, fare_type: 'peak_day' }, standard: { total: 140 }, discount_den: null };
    s.send(
      destination('BOI', [
        { stops: 0, fares: peak },
        { stops: 0, fares: fares(110, 150) },
      ]),
    );
    s.end();
    await drawn;
    await settle();
    expect(view()?.querySelector('[data-code="BOI"]')?.textContent).toBe('BOI2 flights · nonstop availableGoWild Peak Day $95');
  });

  it('names an inbound search and its origins as the app does', async () => {
    const s = streamed();
    const drawn = drawEarlyResults(Promise.resolve(s.response), {
      direction: 'inbound',
      origin: '',
      destination: 'LAS',
      date: '2026-12-03',
    });
    s.send(destination('DEN', [{ stops: 0, fares: fares(null, 70) }]));
    s.end();
    await drawn;
    await settle();
    expect(view()?.querySelector('h1')?.textContent).toBe('Inbound to LAS');
    expect(view()?.querySelector('h2')?.textContent).toBe('Standard Origins (1)');
  });
});
