import { PassThrough, type Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiateCoding, varyOnEncoding } from './prepared-json';

/**
 * The body of a streamed (NDJSON) answer: write one line per event, then `end()`. Compressed with brotli or gzip when
 * the client accepts it, and flushed after every write (decision 064), so each event reaches the client as soon as
 * it is written, as it would uncompressed; the compression context carries over from event to event, so the
 * repeated keys of later events cost little. Sets Content-Encoding and Vary on the reply.
 */
export function ndjsonBody(request: FastifyRequest, reply: FastifyReply): PassThrough | Transform {
  const coding = negotiateCoding(request.headers['accept-encoding']);
  varyOnEncoding(reply);
  if (!coding) return new PassThrough();
  reply.header('content-encoding', coding);
  return coding === 'br'
    ? createBrotliCompress({
        flush: constants.BROTLI_OPERATION_FLUSH,
        params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      })
    : createGzip({ flush: constants.Z_SYNC_FLUSH });
}
