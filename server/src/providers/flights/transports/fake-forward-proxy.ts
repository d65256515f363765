import { type IncomingMessage, type ServerResponse, createServer, request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';

/**
 * A forward proxy as operators rent them, for the proxy transport's tests: absolute-URI requests for http://
 * targets, CONNECT tunnels for https://, optional Basic credentials, and its own exit address (a loopback address
 * of its own, so a site sees each proxy apart). It records every request it carries.
 */
export async function startForwardProxy(exitAddress: string, credentials?: string) {
  const seen: string[] = [];
  const authorized = (req: IncomingMessage) =>
    !credentials || req.headers['proxy-authorization'] === `Basic ${Buffer.from(credentials).toString('base64')}`;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (!authorized(req)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="proxy"' }).end();
      return;
    }
    const target = new URL(req.url ?? '');
    seen.push(`${req.method} ${target.pathname}`);
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    const out = request(target, { method: req.method, headers, localAddress: exitAddress }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  });
  server.on('connect', (req: IncomingMessage, socket, head) => {
    if (!authorized(req)) return void socket.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
    const [host, port] = (req.url ?? '').split(':');
    seen.push(`CONNECT ${req.url}`);
    const upstream = connect({ host, port: Number(port), localAddress: exitAddress }, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    seen,
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}
