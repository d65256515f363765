import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPERATOR_FILE, createOperatorAccess, embeddedDatabaseHolder, reachableUrl, readOperatorAddress } from './operator-access';

let dir: string;
const config = () => ({ DATA_DIR: dir, DATABASE_URL: undefined });
/** This process holds the embedded database in `dir`, as openDatabase's lock says (decision 237). */
const holdDatabase = (pid = process.pid) => {
  mkdirSync(path.join(dir, 'pglite'), { recursive: true });
  writeFileSync(path.join(dir, 'pglite', 'gowild.lock'), String(pid));
};
const address = { address: '0.0.0.0', family: 'IPv4', port: 31234 };

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'gw-operator-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('operator access', () => {
  it('publishes where it listens and a token only the data directory’s owner can read, and takes that token alone', () => {
    holdDatabase();
    const access = createOperatorAccess(config());
    expect(access.accepts('Operator anything')).toBe(false);
    access.publish(address);
    const file = path.join(dir, OPERATOR_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const published = readOperatorAddress(config())!;
    expect(published).toMatchObject({ pid: process.pid, url: 'http://127.0.0.1:31234' });
    expect(published.token.length).toBeGreaterThanOrEqual(43);
    expect(access.accepts(`Operator ${published.token}`)).toBe(true);
    expect(access.accepts(`operator  ${published.token}`)).toBe(true);
    expect(access.accepts(`Bearer ${published.token}`)).toBe(false);
    expect(access.accepts(`Operator ${published.token.slice(0, -1)}`)).toBe(false);
    expect(access.accepts(`Operator ${published.token}x`)).toBe(false);
    expect(access.accepts(undefined)).toBe(false);
    // Another start makes another token: the old one stops working with the process that made it.
    const next = createOperatorAccess(config());
    next.publish(address);
    expect(next.accepts(`Operator ${published.token}`)).toBe(false);
  });

  it('withdraws the file at shutdown, and the token with it', () => {
    holdDatabase();
    const access = createOperatorAccess(config());
    access.publish(address);
    const { token } = readOperatorAddress(config())!;
    access.withdraw();
    expect(readOperatorAddress(config())).toBeUndefined();
    expect(access.accepts(`Operator ${token}`)).toBe(false);
  });

  it('publishes nothing when this process does not hold the embedded database there', () => {
    holdDatabase(process.pid + 1_000_000);
    const access = createOperatorAccess(config());
    access.publish(address);
    expect(readOperatorAddress(config())).toBeUndefined();
    expect(embeddedDatabaseHolder(config())).toBe(process.pid + 1_000_000);
  });

  it('has no file on PostgreSQL or in memory', () => {
    for (const settings of [
      { DATA_DIR: dir, DATABASE_URL: 'postgres://u@127.0.0.1/db' },
      { DATA_DIR: 'memory://', DATABASE_URL: undefined },
    ]) {
      holdDatabase();
      const access = createOperatorAccess(settings);
      access.publish(address);
      expect(readOperatorAddress(settings)).toBeUndefined();
      expect(embeddedDatabaseHolder(settings)).toBeUndefined();
      expect(access.accepts('Operator x')).toBe(false);
    }
    expect(readOperatorAddress(config())).toBeUndefined();
  });

  it('asks a server listening on every address on loopback, and one on an address there', () => {
    expect(reachableUrl({ address: '::', family: 'IPv6', port: 3000 })).toBe('http://127.0.0.1:3000');
    expect(reachableUrl({ address: '10.0.0.5', family: 'IPv4', port: 3000 })).toBe('http://10.0.0.5:3000');
    expect(reachableUrl({ address: '::1', family: 'IPv6', port: 3000 })).toBe('http://[::1]:3000');
  });
});
