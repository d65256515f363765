import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EmulatorKnobs, Replies } from './faults';

/** Not part of the airline's site: lets a benchmark in another process read counters and turn knobs. */
export function control<Stats>(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  emulator: { stats(): Stats; resetStats(seed?: number): void; knobs: EmulatorKnobs; send: Replies['send'] },
) {
  const { knobs, send } = emulator;
  const json = (body: unknown) => send(res, 200, 'application/json', JSON.stringify(body));
  /** Reads the request's JSON object (an empty body is `{}`), or answers 400. */
  const withBody = (then: (body: Record<string, unknown>) => void) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      let body: unknown;
      try {
        body = raw.trim() === '' ? {} : JSON.parse(raw);
      } catch {
        body = undefined;
      }
      if (typeof body !== 'object' || body === null) return send(res, 400, 'text/plain', 'expected a JSON object');
      then(body as Record<string, unknown>);
    });
  };
  if (path === '/__emulator/stats' && req.method === 'GET') return json({ stats: emulator.stats(), knobs });
  if (path === '/__emulator/reset' && req.method === 'POST')
    return withBody((body) => {
      emulator.resetStats(typeof body.seed === 'number' ? body.seed : undefined);
      json({ stats: emulator.stats() });
    });
  if (path === '/__emulator/knobs' && req.method === 'POST')
    return withBody((body) => {
      for (const k of Object.keys(knobs) as (keyof EmulatorKnobs)[]) if (typeof body[k] === 'number') knobs[k] = body[k] as number;
      json({ knobs });
    });
  send(res, 404, 'text/plain', 'no such control');
}
