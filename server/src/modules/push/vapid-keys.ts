import { createECDH } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';

/** The server's application server keys (RFC 8292): the browser subscribes with the public one; pushes are signed with the private one. */
export interface VapidKeys {
  /** Uncompressed P-256 point, 65 bytes, URL-safe base64 without padding. */
  publicKey: string;
  /** 32 bytes, URL-safe base64 without padding. */
  privateKey: string;
  /** The contact the push services see: mailto: or https:. */
  subject: string;
}

export const VAPID_KEYS_FILE = 'vapid-keys.json';

/**
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set (checked to be one pair). Otherwise one pair, made on first start and
 * kept in DATA_DIR/vapid-keys.json (mode 0600), so browsers stay subscribed across restarts; with DATA_DIR=memory:// it
 * lives only as long as the process. The same way as the session secret (decision 210).
 */
export function resolveVapidKeys(
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'SUPPORT_EMAIL' | 'DATA_DIR'>,
): VapidKeys {
  const subject = config.VAPID_SUBJECT ?? `mailto:${config.SUPPORT_EMAIL}`;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { ...checkedPair(config.VAPID_PUBLIC_KEY, config.VAPID_PRIVATE_KEY, 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY'), subject };
  }
  if (config.DATA_DIR === 'memory://') return { ...generateVapidPair(), subject };
  const file = path.resolve(config.DATA_DIR, VAPID_KEYS_FILE);
  const read = () => {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof stored.publicKey !== 'string' || typeof stored.privateKey !== 'string') {
      throw new Error(`${file} does not hold a key pair; delete it or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY`);
    }
    return { ...checkedPair(stored.publicKey, stored.privateKey, file), subject };
  };
  try {
    return read();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const fresh = generateVapidPair();
  try {
    // 'wx': if another process made the pair a moment ago, use theirs, so every subscription is signed with one key.
    writeFileSync(file, `${JSON.stringify(fresh)}\n`, { mode: 0o600, flag: 'wx' });
    return { ...fresh, subject };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw e;
  }
}

export function generateVapidPair(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: fullPrivateKey(ecdh.getPrivateKey()).toString('base64url') };
}

/**
 * Node gives the private key without its leading zero bytes (about one key in 256 is 31 bytes or shorter); VAPID
 * and the web-push library want exactly 32.
 */
function fullPrivateKey(raw: Buffer): Buffer {
  return raw.length >= 32 ? raw : Buffer.concat([Buffer.alloc(32 - raw.length), raw]);
}

/** The public key must be the private key's: a mismatch would have every push service refuse every message. */
function checkedPair(publicKey: string, privateKey: string, where: string): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  let derived: string;
  try {
    const raw = Buffer.from(privateKey, 'base64url');
    if (raw.length !== 32) throw new Error('length');
    ecdh.setPrivateKey(raw);
    derived = ecdh.getPublicKey().toString('base64url');
  } catch {
    throw new Error(`${where}: the private key is not a P-256 private key`);
  }
  if (derived !== publicKey.replace(/=+$/, '')) throw new Error(`${where}: the public key is not the private key's`);
  return { publicKey: derived, privateKey: privateKey.replace(/=+$/, '') };
}
