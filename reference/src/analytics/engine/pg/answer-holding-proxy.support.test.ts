/**
 * A TCP proxy before a PostgreSQL server that can hold back the server's
 * answers on the connections open when it is told to: a server that does not
 * stop a statement at its statement_timeout, as the engine's client-side
 * cancel must expect. Connections opened later pass freely. What each side
 * sends is recorded.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface ProxiedConnection {
  /** When the client connected, by performance.now(). */
  openedAt: number;
  /** What the client sent, as text (the protocol's messages carry their SQL as UTF-8). */
  sent: string;
  /** What the server sent, as it came. */
  received: Buffer;
  /** Whether the client has closed its side. */
  closedByClient: boolean;
  held: boolean;
}

export class AnswerHoldingProxy {
  readonly connections: ProxiedConnection[] = [];
  private readonly releases: Array<() => void> = [];
  private readonly armers: Array<() => void> = [];

  private constructor(private readonly server: Server) {}

  static async start(target: URL): Promise<AnswerHoldingProxy> {
    const server = createServer();
    const proxy = new AnswerHoldingProxy(server);
    server.on('connection', (client) => proxy.relay(client, target));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  /** The target's URL with the proxy's address in place of the server's. */
  urlFor(target: URL): string {
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('proxy not listening');
    const url = new URL(target);
    url.hostname = '127.0.0.1';
    url.port = String(address.port);
    return url.toString();
  }

  /** From now on, the server's answers on the connections open now wait for release(). */
  hold(): void {
    for (const arm of this.armers) arm();
  }

  release(): void {
    for (const release of this.releases.splice(0)) release();
  }

  async close(): Promise<void> {
    this.release();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private relay(client: Socket, target: URL): void {
    const record: ProxiedConnection = { openedAt: performance.now(), sent: '', received: Buffer.alloc(0), closedByClient: false, held: false };
    this.connections.push(record);
    const server = connect(Number(target.port || 5432), target.hostname);
    const waiting: Buffer[] = [];
    this.armers.push(() => {
      if (record.held || record.closedByClient) return;
      record.held = true;
      this.releases.push(() => {
        record.held = false;
        for (const chunk of waiting.splice(0)) client.write(chunk);
      });
    });
    server.on('data', (chunk: Buffer) => {
      record.received = Buffer.concat([record.received, chunk]);
      if (record.held) waiting.push(chunk);
      else client.write(chunk);
    });
    client.on('data', (chunk: Buffer) => {
      record.sent += chunk.toString('utf8');
      server.write(chunk);
    });
    client.on('end', () => {
      record.closedByClient = true;
      server.end();
    });
    client.on('close', () => {
      record.closedByClient = true;
      server.destroy();
    });
    server.on('close', () => client.destroy());
    client.on('error', () => server.destroy());
    server.on('error', () => client.destroy());
  }
}

/** The server process of a connection, from the BackendKeyData message the server sends as the session starts. */
export function backendPid(connection: ProxiedConnection): number {
  const bytes = connection.received;
  // Each message: a type byte, then its length (counting itself but not the type byte).
  for (let at = 0; at + 5 <= bytes.length; at += 1 + bytes.readInt32BE(at + 1)) {
    if (bytes[at] === 'K'.charCodeAt(0)) return bytes.readInt32BE(at + 5);
  }
  throw new Error('no BackendKeyData on this connection');
}
