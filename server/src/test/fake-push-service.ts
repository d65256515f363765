import { createDecipheriv, createECDH, createHmac, randomBytes, verify } from 'node:crypto';
import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A browser's side of a push subscription, made the way a browser makes it: a P-256 key pair and a 16-byte auth
 * secret (RFC 8291 section 2). `toJSON` is what PushSubscription.toJSON() gives the page.
 */
export function fakeBrowserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    subscription(endpoint: string) {
      return { endpoint, expirationTime: null, keys: this.keys };
    },
  };
}
export type FakeBrowserKeys = ReturnType<typeof fakeBrowserKeys>;

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * Decrypts an aes128gcm push message body (RFC 8188 + RFC 8291) with the browser's private key and auth secret,
 * written here from the RFCs (not with the library that encrypted it), so a wrong encryption fails.
 */
export function decryptPushBody(body: Buffer, browser: FakeBrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid is ${idLength} bytes, not an uncompressed P-256 point`);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const sharedSecret = browser.ecdh.computeSecret(serverPublicKey);
  const browserPublicKey = browser.ecdh.getPublicKey();
  // IKM = HKDF(auth, ecdh_secret, "WebPush: info" || 0x00 || ua_public || as_public, 32)
  const prkKey = hmac(browser.auth, sharedSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserPublicKey, serverPublicKey, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.concat([Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.concat([Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])])).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** The VAPID header (RFC 8292): `vapid t=<ES256 JWT>, k=<public key>`, checked against the key the server announced. */
export function checkVapid(authorization: string | undefined, expected: { publicKey: string; audience: string; nowSeconds: number }) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a vapid Authorization header: ${authorization}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== expected.publicKey) throw new Error('k is not the server key');
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, format: 'jwk', dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('the JWT signature does not verify with k');
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string };
  if (head.alg !== 'ES256') throw new Error(`alg ${head.alg}`);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (body.aud !== expected.audience) throw new Error(`aud ${body.aud} is not ${expected.audience}`);
  // RFC 8292 section 2: exp no more than 24 hours ahead.
  if (!(body.exp > expected.nowSeconds && body.exp <= expected.nowSeconds + 24 * 3600)) throw new Error(`exp ${body.exp} out of range`);
  if (!/^(mailto:|https:)/.test(body.sub)) throw new Error(`sub ${body.sub}`);
  return body;
}

export interface ReceivedPush {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/**
 * A local push service (RFC 8030): takes POSTs on any path, keeps them, and answers with the next queued status
 * (201 when none is queued). Its endpoints are `${url}/push/<name>`.
 */
export async function startFakePushService() {
  const received: ReceivedPush[] = [];
  // A null answer holds the request open and never answers it (a sender killed mid-delivery).
  const answers: ({ status: number; headers?: Record<string, string>; body?: string } | null)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const next = answers.shift();
      if (next === null) return;
      const answer = next ?? { status: 201 };
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}`,
    received,
    /** The next request is answered with this. */
    answerNext(status: number, headers?: Record<string, string>, body?: string) {
      answers.push({ status, headers, body });
    },
    /** The next request is held open and never answered. */
    hangNext() {
      answers.push(null);
    },
    /** Drops the queued answers no request has taken yet. */
    unqueue() {
      answers.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
