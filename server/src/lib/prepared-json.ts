import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The content codings the server compresses with, best first (decision 064). */
type Coding = 'br' | 'gzip';

/**
 * A JSON answer serialised once and sent many times (decision 064): its bytes, a strong ETag over them, and each
 * compressed form, made on first demand (off the event loop, in zlib's thread pool) and kept with it, so one answer
 * is compressed at most once per coding however often it is sent.
 */
export interface PreparedJson {
  readonly body: Buffer;
  readonly etag: string;
  encoded(coding: Coding): Promise<Buffer>;
}

export function prepareJson(json: string): PreparedJson {
  const body = Buffer.from(json, 'utf8');
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const forms = new Map<Coding, Promise<Buffer>>();
  return {
    body,
    etag,
    encoded(coding) {
      let p = forms.get(coding);
      if (!p) {
        // Brotli 6 / gzip 6: a few milliseconds for a 170 kB answer, paid once, for about a tenth of the bytes.
        p =
          coding === 'br'
            ? brotli(body, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 6,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              })
            : gzipAsync(body, { level: 6 });
        // A failed compression is not kept: the next request tries again (and this one is sent uncompressed).
        p.catch(() => forms.delete(coding));
        forms.set(coding, p);
      }
      return p;
    },
  };
}

/** Answers below this size are sent as they are: compression would save less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;

/**
 * The coding to answer with for an Accept-Encoding header: br or gzip, whichever the client weighs more (br on a
 * tie), or null for none (no header, identity only, or both refused with q=0). `*` stands for any coding not named.
 */
export function negotiateCoding(acceptEncoding: string | string[] | undefined): Coding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) q = Number(m[1]);
    }
    weights.set(name, Number.isFinite(q) ? q : 0);
  }
  const weightOf = (c: Coding) => weights.get(c) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/** Adds Accept-Encoding to the reply's Vary header (keeping what is there): the body depends on it. */
export function varyOnEncoding(reply: FastifyReply): FastifyReply {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return reply;
  return reply.header('vary', current ? `${current}, accept-encoding` : 'accept-encoding');
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for If-None-Match). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a prepared answer: 304 with no body when the client already holds it (If-None-Match), else its bytes, in the
 * best coding the client accepts. The caller sets any other headers (cache-control) first.
 */
export async function sendPreparedJson(request: FastifyRequest, reply: FastifyReply, answer: PreparedJson): Promise<FastifyReply> {
  varyOnEncoding(reply.header('etag', answer.etag));
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.header('content-type', 'application/json; charset=utf-8');
  const coding = answer.body.length >= MIN_COMPRESS_BYTES ? negotiateCoding(request.headers['accept-encoding']) : null;
  if (coding) {
    const bytes = await answer.encoded(coding).catch((err: unknown) => {
      request.log.warn({ err, coding }, 'compressing an answer failed; sending it uncompressed');
      return null;
    });
    if (bytes) return reply.header('content-encoding', coding).send(bytes);
  }
  return reply.send(answer.body);
}
