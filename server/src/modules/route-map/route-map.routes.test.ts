import { ROUTE_MAP_MESSAGES } from '@gowild/contract/reference';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../deps';
import { ROLES, type Role, buildAccountsTestApp, signInAs } from '../../test/factories';

/** docs/product/maps.md#map-data-and-access: the route network is premium data, enforced here. */
let app: FastifyInstance;
let deps: AppDeps;
beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp());
}, 120_000);
afterAll(async () => {
  await app.close();
});

const routes = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/routes', headers });

describe('GET /api/routes by role', () => {
  const expected: Record<Role, { status: number; code?: string; message?: string }> = {
    visitor: { status: 401, code: 'UNAUTHORIZED', message: ROUTE_MAP_MESSAGES.loginRequired },
    free: { status: 403, code: 'PREMIUM_REQUIRED', message: ROUTE_MAP_MESSAGES.premiumRequired },
    premium: { status: 200 },
    admin: { status: 403, code: 'PREMIUM_REQUIRED', message: ROUTE_MAP_MESSAGES.premiumRequired },
    deactivated: { status: 401 },
  };
  it.each(ROLES)('%s', async (role) => {
    const who = await signInAs(app, deps, role);
    const res = await routes(who.headers);
    const want = expected[role];
    expect(res.statusCode).toBe(want.status);
    if (want.status === 200) return;
    const body = res.json();
    expect(body).not.toHaveProperty('routes');
    if (want.code) expect(body.code).toBe(want.code);
    if (want.message) expect(JSON.stringify(body)).toContain(want.message);
  });
});

describe('GET /api/routes for a premium user', () => {
  it('lists the directed network, private to the caller', async () => {
    const who = await signInAs(app, deps, 'premium');
    const res = await routes(who.headers);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json() as { success: boolean; routes: { origin: string; destination: string }[] };
    expect(body.success).toBe(true);
    expect(body.routes).toHaveLength(882);
    expect(body.routes).toContainEqual({ origin: 'DEN', destination: 'LAS' });
    // One of the four one-way pairs in the snapshot: no reverse.
    expect(body.routes).toContainEqual({ origin: 'ATL', destination: 'AUA' });
    expect(body.routes).not.toContainEqual({ origin: 'AUA', destination: 'ATL' });
  });

  it('reflects an operator refresh without a restart', async () => {
    const who = await signInAs(app, deps, 'premium');
    const before = deps.reference.routes();
    await deps.reference.replaceRoutes([{ origin: 'DEN', destination: 'LAS' }]);
    try {
      expect((await routes(who.headers)).json().routes).toEqual([{ origin: 'DEN', destination: 'LAS' }]);
    } finally {
      await deps.reference.replaceRoutes(before);
    }
  });
});
