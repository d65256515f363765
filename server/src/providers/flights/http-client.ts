import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';

interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A small keep-alive GET client on node:http. The adapter makes two requests per query and a search makes dozens
 * at once; this costs a fraction of fetch's per-request overhead (docs/decisions/010). Bodies are decompressed
 * as a browser would, since the request says it accepts gzip and br.
 */
export function createHttpClient(opts: { maxSockets?: number } = {}) {
  const agentOptions = { keepAlive: true, maxSockets: opts.maxSockets ?? 256, scheduling: 'lifo' as const };
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };

  function decoded(res: http.IncomingMessage): Readable {
    switch ((res.headers['content-encoding'] ?? '').toLowerCase()) {
      case 'gzip':
        return res.pipe(createGunzip());
      case 'br':
        return res.pipe(createBrotliDecompress());
      case 'deflate':
        return res.pipe(createInflate());
      default:
        return res;
    }
  }

  return {
    get(url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<HttpAnswer> {
      const secure = url.protocol === 'https:';
      return new Promise<HttpAnswer>((resolve, reject) => {
        const req = (secure ? https : http).request(
          url,
          { method: 'GET', headers, agent: secure ? agents.https : agents.http, signal },
          (res) => {
            const status = res.statusCode ?? 0;
            // Redirect bodies are not read: drain them so the socket goes back to the pool.
            if (status >= 300 && status < 400) {
              res.resume();
              res.on('end', () => resolve({ status, headers: res.headers, body: '' }));
              res.on('error', reject);
              return;
            }
            const chunks: Buffer[] = [];
            const body = decoded(res);
            body.on('data', (c: Buffer) => chunks.push(c));
            body.on('end', () => resolve({ status, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
            body.on('error', reject);
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end();
      });
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
