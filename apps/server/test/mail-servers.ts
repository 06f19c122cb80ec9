/**
 * Real mail servers on loopback for the e-mail tests and bench/email: an SMTP sink (`smtp-server` from npm) that
 * records every message with its envelope and raw data, and can refuse authentication, answer 4xx/5xx to DATA,
 * be down (its port closed) and come back on the same port; and a private Dovecot (IMAP and POP3) for the
 * mail account Test.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
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

// ---- Dovecot (Debian's dovecot-imapd / dovecot-pop3d), unprivileged on high ports, for the account Test ----

export const dovecotBinary = '/usr/sbin/dovecot';
export const dovecotAvailable = () => existsSync(dovecotBinary);
export const dovecotUser = 'desk';
export const dovecotPassword = 'dovecot-secret-1';

export type Dovecot = { imapPort: number; pop3Port: number; stop(): Promise<void> };

/**
 * A private Dovecot instance (its own base dir, passwd-file with one user, plain text on loopback, no SSL).
 * As root the login processes run as `dovenull` and the mail as `dovecot` (Dovecot refuses root for them);
 * as another user, everything runs as that user.
 */
export async function startDovecot(): Promise<Dovecot> {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-dovecot-'));
  chmodSync(dir, 0o777);
  const [imapPort, pop3Port] = [await closedPort(), await closedPort()];
  const asRoot = process.getuid?.() === 0;
  const me = userInfo();
  const mailUser = asRoot ? 'dovecot' : me.username;
  const loginUser = asRoot ? 'dovenull' : me.username;
  const mailUid = asRoot ? uidOf('dovecot') : me.uid;
  const mailGid = asRoot ? gidOf('dovecot') : me.gid;
  writeFileSync(join(dir, 'passwd'), `${dovecotUser}:{PLAIN}${dovecotPassword}:${mailUid}:${mailGid}::${dir}/mail::\n`);
  const conf = `base_dir = ${dir}/base
state_dir = ${dir}/state
log_path = ${dir}/log
instance_name = casedesk-${imapPort}
protocols = imap pop3
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${mailUser}
default_internal_group = ${asRoot ? 'dovecot' : mailUser}
default_login_user = ${loginUser}
mail_location = maildir:${dir}/mail/%u
first_valid_uid = ${Math.min(mailUid, 1000)}
passdb {
  driver = passwd-file
  args = ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${mailUid} gid=${mailGid} home=${dir}/mail/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    port = ${imapPort}
  }
  inet_listener imaps {
    port = 0
  }
}
service pop3-login {
  chroot =
  inet_listener pop3 {
    port = ${pop3Port}
  }
  inet_listener pop3s {
    port = 0
  }
}
service anvil {
  chroot =
}
`;
  for (const sub of ['base', 'state', 'mail']) {
    mkdirSync(join(dir, sub), { recursive: true });
    chmodSync(join(dir, sub), 0o777);
  }
  writeFileSync(join(dir, 'dovecot.conf'), conf);
  const child = spawn(dovecotBinary, ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Ready once both ports accept a connection.
  for (const port of [imapPort, pop3Port]) {
    const deadline = Date.now() + 10_000;
    while (!(await accepts(port))) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`dovecot did not start: see ${dir}/log`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    imapPort,
    pop3Port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const passwdField = (name: string, index: number) => {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`no user ${name}: install dovecot-imapd and dovecot-pop3d`);
  return Number(line.split(':')[index]);
};
const uidOf = (name: string) => passwdField(name, 2);
const gidOf = (name: string) => passwdField(name, 3);
