/**
 * Real mail servers on loopback for the e-mail tests and bench/email: an SMTP sink (`smtp-server` from npm) that
 * records every message with its envelope and raw data, and can refuse authentication, answer 4xx/5xx to DATA,
 * be down (its port closed) and come back on the same port. The POP3/IMAP server is Dovecot (`test/dovecot.ts`).
 */
import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export type SinkMessage = {
  from: string;
  to: string[];
  raw: string;
  /** The message's header block, unfolded, by lower-case name (last one wins). */
  headers: Record<string, string>;
  receivedAt: Date;
};

export type SinkMode =
  | { kind: 'accept' }
  /** DATA is answered with this code (451: try later; 550: refused for good). */
  | { kind: 'reject'; code: number; message?: string };

export type SmtpSinkOptions = {
  user?: string;
  password?: string;
  /** Called with each message once received and before the sink answers 250 (the kill -9 test kills here). */
  onData?: (message: SinkMessage) => Promise<void>;
};

export type SmtpSink = {
  port: number;
  messages: SinkMessage[];
  mode: SinkMode;
  /** Closes the port: a connection is refused until `start()`. */
  stop(): Promise<void>;
  /** Listens again on the same port (nothing when it is listening). */
  start(): Promise<void>;
  close(): Promise<void>;
};

export const sinkUser = 'desk@example.test';
export const sinkPassword = 'sink-secret-1';

export function headersOf(raw: string): Record<string, string> {
  const block = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const user = options.user ?? sinkUser;
  const password = options.password ?? sinkPassword;
  const sink = { messages: [] as SinkMessage[], mode: { kind: 'accept' } as SinkMode, port: 0 };
  const serverOptions: SMTPServerOptions = {
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    size: 50 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mode = sink.mode;
        if (mode.kind === 'reject') {
          const error = Object.assign(new Error(mode.message ?? `refused with ${mode.code}`), {
            responseCode: mode.code,
          });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const message: SinkMessage = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          headers: headersOf(raw),
          receivedAt: new Date(),
        };
        sink.messages.push(message);
        void (options.onData?.(message) ?? Promise.resolve()).then(
          () => callback(),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  };
  let server = new SMTPServer(serverOptions);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
    });
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  sink.port = await listen(0);
  return Object.assign(sink, {
    stop,
    async start() {
      if (running) return;
      server = new SMTPServer(serverOptions);
      await listen(sink.port);
      running = true;
    },
    close: stop,
  });
}

/** A loopback port nothing listens on (a connection to it is refused). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
