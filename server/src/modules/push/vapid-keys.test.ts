import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VAPID_KEYS_FILE, generateVapidPair, resolveVapidKeys } from './vapid-keys';

/** The server's VAPID pair (decision 210): from the settings, or made once into DATA_DIR like the session secret. */
let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'gw-vapid-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const base = { SUPPORT_EMAIL: 'help@example.com', VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, VAPID_SUBJECT: undefined };

describe('the VAPID keys', () => {
  it('are generated into DATA_DIR on first start (mode 0600) and the same pair is read back after a restart', async () => {
    const first = resolveVapidKeys({ ...base, DATA_DIR: dataDir });
    const file = path.join(dataDir, VAPID_KEYS_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
    expect(resolveVapidKeys({ ...base, DATA_DIR: dataDir })).toEqual(first);
    expect(first.subject).toBe('mailto:help@example.com');
  });

  it('come from the settings when both are set, with the subject given', () => {
    const pair = generateVapidPair();
    const keys = resolveVapidKeys({
      ...base,
      DATA_DIR: dataDir,
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: 'https://gowildfinder.app/contact',
    });
    expect(keys).toEqual({ ...pair, subject: 'https://gowildfinder.app/contact' });
  });

  it('refuse a public key that is not the private key’s, and a damaged file', async () => {
    const a = generateVapidPair();
    const b = generateVapidPair();
    expect(() => resolveVapidKeys({ ...base, DATA_DIR: dataDir, VAPID_PUBLIC_KEY: a.publicKey, VAPID_PRIVATE_KEY: b.privateKey })).toThrow(
      "the public key is not the private key's",
    );
    await writeFile(path.join(dataDir, VAPID_KEYS_FILE), '{"publicKey": 1}');
    expect(() => resolveVapidKeys({ ...base, DATA_DIR: dataDir })).toThrow('does not hold a key pair');
  });

  it('live only in the process with DATA_DIR=memory://', () => {
    const one = resolveVapidKeys({ ...base, DATA_DIR: 'memory://' });
    expect(Buffer.from(one.publicKey, 'base64url')).toHaveLength(65);
    expect(resolveVapidKeys({ ...base, DATA_DIR: 'memory://' }).publicKey).not.toBe(one.publicKey);
  });
});

describe('generated pairs', () => {
  it('always have a 32-byte private key, also when it starts with zero bytes (about one key in 256)', () => {
    for (let i = 0; i < 2000; i++) {
      const pair = generateVapidPair();
      expect(Buffer.from(pair.privateKey, 'base64url')).toHaveLength(32);
      expect(
        resolveVapidKeys({ ...base, DATA_DIR: 'memory://', VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey })
          .privateKey,
      ).toBe(pair.privateKey);
    }
  });
});
