import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { openTestDatabase } from './database.js';
import { createUser, signIn, startTestApp, type TestContext } from './helpers.js';

/**
 * A loopback relay in front of PostgreSQL that a test can break: `dropAll` drops every open connection (as a
 * PostgreSQL crash-restart does; new ones still get through), `cut` also stops accepting (an outage), `start`
 * restores it on the same port. `hold` keeps what clients send from reaching PostgreSQL until `release`, so a
 * test can drop connections while statements are certainly in flight.
 */
export class PgRelay {
  private server: Server | undefined;
  private sockets = new Set<Socket>();
  private holding = false;
  private flushes = new Set<() => void>();
  /** Client messages held back since `hold`: above zero, a statement is waiting on a connection. */
  heldMessages = 0;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  /** In front of the server a PostgreSQL URL names. */
  static for(url: string): PgRelay {
    const { hostname, port } = new URL(url);
    return new PgRelay({ host: hostname, port: Number(port || 5432) });
  }

  async start(): Promise<void> {
    if (this.server?.listening) return;
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      const held: Buffer[] = [];
      const flush = () => {
        for (const chunk of held.splice(0)) upstream.write(chunk);
        this.flushes.delete(flush);
      };
      client.on('data', (chunk: Buffer) => {
        if (!this.holding) return void upstream.write(chunk);
        held.push(chunk);
        this.heldMessages++;
        this.flushes.add(flush);
      });
      client.on('close', () => this.flushes.delete(flush));
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', resolve);
    });
    const address = this.server.address();
    if (address && typeof address === 'object') this.port = address.port;
  }

  hold(): void {
    this.holding = true;
    this.heldMessages = 0;
  }

  release(): void {
    this.holding = false;
    for (const flush of [...this.flushes]) flush();
  }

  dropAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  async cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server?.close(() => resolve()));
    this.dropAll();
    await closed;
  }
}

/**
 * An app for one test file whose database connections all go through `relay`, and an administrator's token.
 * Afterwards the relay is opened again so that the test database can be dropped, then cut.
 */
export function useAppBehindRelay(relay: PgRelay): TestContext & { token: string } {
  const ctx = {} as TestContext & { token: string };
  beforeAll(async () => {
    await relay.start();
    await startTestApp(ctx, await openTestDatabase({ port: relay.port }), { webDist: '/nonexistent/casedesk-web' });
    const admin = await createUser(ctx, { roles: ['admin'] });
    ctx.token = (await signIn(ctx, admin)).token;
  });
  afterAll(async () => {
    await ctx.app?.close();
    await relay.start();
    await ctx.database?.close();
    await relay.cut();
  });
  return ctx;
}
