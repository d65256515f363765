import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses every answer worth it (decision 064): brotli or gzip, as the client's Accept-Encoding allows, for
 * JSON, text, SVG and the like of 1 KB or more. What arrives already encoded passes as it is: the search answers
 * (compressed once and kept, lib/prepared-json.ts), the NDJSON search stream (compressed and flushed per event,
 * lib/ndjson-body.ts) and the built web assets (pre-compressed at build time, plugins/spa.ts).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Answers up to this size are compressed in one synchronous call rather than through a stream pipeline, whose
    // set-up costs more than the compression itself for the JSON sizes this API sends (tens of KB).
    syncThreshold: 256 * 1024,
  });
}
