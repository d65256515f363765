import net from 'node:net';

/** A TCP server on 127.0.0.1 that remembers its sockets, so closing it also cuts every open connection. */
class TrackedServer {
  readonly sockets = new Set<net.Socket>();
  private server: net.Server | undefined;

  constructor(private readonly onConnection: (socket: net.Socket) => void) {}

  /** Listens on `port` (0: any free one) and returns the port. */
  async listen(port = 0): Promise<number> {
    const server = net.createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => {});
      this.onConnection(socket);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    return (server.address() as net.AddressInfo).port;
  }

  /** Stops listening (the port then refuses connections) and destroys every open connection. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/**
 * A TCP proxy in front of a real service (PostgreSQL, Redis) that a test can cut and restore, to play the service
 * going away and coming back without touching the machine's own server, which other tests use.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const tracked = new TrackedServer((client) => {
    const upstream = net.connect(target.port, target.host);
    tracked.sockets.add(upstream);
    upstream.on('close', () => tracked.sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const port = await tracked.listen();
  return {
    port,
    /** Cuts every connection and refuses new ones. */
    cut: () => tracked.close(),
    /** Takes connections again on the same port. */
    restore: async () => void (await tracked.listen(port)),
    close: () => tracked.close(),
  };
}

/** A server that accepts connections and never answers: a database or Redis that hangs. */
export async function startBlackHole() {
  const tracked = new TrackedServer(() => {});
  const port = await tracked.listen();
  return { port, close: () => tracked.close() };
}

/** A port nothing listens on (taken from the system, then released): connections to it are refused. */
export async function closedPort(): Promise<number> {
  const tracked = new TrackedServer(() => {});
  const port = await tracked.listen();
  await tracked.close();
  return port;
}

/** host and port of a postgres:// or redis:// URL. */
export function hostPort(url: string, defaultPort: number): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname || '127.0.0.1', port: Number(u.port || defaultPort) };
}
