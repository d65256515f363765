import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import { createDependencyStatus } from '../../lib/dependency-status';
import { createServiceMonitor } from './service-monitor';
import { type BreakerReading, type MonitoredService, createStatusService } from './status.service';

function setup(breaker: BreakerReading = 'closed') {
  const clock = manualClock(new Date('2026-07-15T12:00:00Z'));
  const monitor = createServiceMonitor(() => clock.now().getTime());
  let state = breaker;
  const connection = createDependencyStatus('database');
  let probes = 0;
  const services: MonitoredService[] = [
    { id: 'airline', name: 'Frontier Airlines', role: 'Flights', mode: 'live', breaker: () => state, transport: 'proxy' },
    { id: 'database', name: 'Database', role: 'Accounts', mode: 'live', connection },
  ];
  const status = createStatusService({
    clock,
    monitor,
    services,
    probes: { database: async () => void (probes += 1) },
    cacheMs: 1000,
  });
  const airline = () => status.status().services.find((s) => s.id === 'airline')!;
  return { clock, monitor, status, airline, connection, setBreaker: (b: BreakerReading) => void (state = b), probes: () => probes };
}

describe('status service', () => {
  it('is idle without calls, up when nearly all succeed, degraded and down as failures grow', () => {
    const { clock, monitor, airline } = setup();
    expect(airline().state).toBe('idle');
    for (let i = 0; i < 19; i++) monitor.record('airline', 'ok', 100);
    monitor.record('airline', 'blocked', 100);
    clock.advance(1500);
    expect(airline()).toMatchObject({ state: 'up', last_hour: { successes: 19, blocks: 1 }, transport: 'proxy' });
    for (let i = 0; i < 5; i++) monitor.record('airline', 'throttled', 100);
    clock.advance(1500);
    expect(airline().state).toBe('degraded');
    for (let i = 0; i < 30; i++) monitor.record('airline', 'failed', 100);
    clock.advance(1500);
    expect(airline().state).toBe('down');
    // Ten minutes of quiet later the old failures no longer set the state, but the hour still counts them.
    clock.advance(11 * 60_000);
    expect(airline()).toMatchObject({ state: 'idle', last_hour: { failures: 30 } });
  });

  it("gives the airline's share of results pages read over the last hour, and no such figure for other services", () => {
    const { clock, monitor, status, airline } = setup();
    expect(airline().pages_read).toEqual({ read: 0, total: 0, share: null });
    for (let i = 0; i < 49; i++) monitor.recordPage('read');
    monitor.recordPage('unreadable');
    clock.advance(1500);
    expect(airline().pages_read).toEqual({ read: 49, total: 50, share: 0.98 });
    expect(status.status().services.find((s) => s.id === 'database')).not.toHaveProperty('pages_read');
    clock.advance(61 * 60_000);
    expect(airline().pages_read).toEqual({ read: 0, total: 0, share: null });
  });

  it('follows the breaker: open is down, half-open degraded, whatever the counts', () => {
    const { clock, monitor, airline, setBreaker } = setup();
    monitor.record('airline', 'ok', 10);
    setBreaker('open');
    clock.advance(1500);
    expect(airline()).toMatchObject({ state: 'down', breaker: 'open' });
    setBreaker('half-open');
    clock.advance(1500);
    expect(airline()).toMatchObject({ state: 'degraded', breaker: 'half_open' });
  });

  it('shows a connection the client sees broken as down, and the overall state as the worst of airline and database', () => {
    const { clock, status, connection } = setup();
    connection.markUp();
    expect(status.status()).toMatchObject({ overall: 'up' });
    connection.markDown('connection refused');
    clock.advance(1500);
    const answer = status.status();
    expect(answer.services.find((s) => s.id === 'database')!.state).toBe('down');
    expect(answer.overall).toBe('down');
  });

  it('keeps one answer for the cache time and probes at most every 10 s', async () => {
    const { clock, status, probes } = setup();
    const first = status.status();
    await status.idle();
    clock.advance(500);
    expect(status.status()).toBe(first);
    clock.advance(600);
    expect(status.status()).not.toBe(first);
    await status.idle();
    expect(probes()).toBe(1);
  });
});
