/**
 * A real POP3 + IMAP server for the mail-fetch tests and bench: Debian's dovecot 2.3, started unprivileged on
 * free loopback ports with a generated config in a temp dir (passwd-file user with a plain password, Maildir
 * the test drops `.eml` files into). CI installs it: `apt-get install -y dovecot-imapd dovecot-pop3d`.
 *
 * Dovecot refuses to run its login processes as root: as root (containers), the login and internal users are
 * Debian's `dovenull` and `dovecot`, the mail user `nobody`, and the Maildir is world-writable.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { encryptPassword } from '../src/modules/email/mail-crypto.js';

export const dovecotBinary = '/usr/sbin/dovecot';
export const hasDovecot = existsSync(dovecotBinary);
export const noDovecotMessage = `${dovecotBinary} is missing: the POP3/IMAP fetch tests are skipped (apt-get install -y dovecot-imapd dovecot-pop3d)`;

export type Dovecot = {
  host: string;
  pop3Port: number;
  imapPort: number;
  user: string;
  password: string;
  /** Writes a message into the Maildir's `new/` (tmp, then rename: the server never sees half a file). */
  drop(raw: Buffer | string, name?: string): Promise<string>;
  /** How many messages the Maildir holds (new + cur). */
  count(): Promise<number>;
  /** Empties the mailbox (files and dovecot's indexes). */
  clear(): Promise<void>;
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+OK') || data.toString().startsWith('* OK'));
    });
    socket.once('error', () => resolve(false));
  });
}

let dropCounter = 0;

export async function startDovecot(): Promise<Dovecot> {
  const dir = await mkdtemp(join(tmpdir(), 'casedesk-dovecot-'));
  const root = process.getuid?.() === 0;
  const me = userInfo();
  const groupOf = () => execFileSync('id', ['-gn']).toString().trim();
  const user = 'desk';
  const password = 'desk-secret-1';
  const home = join(dir, 'home');
  const maildir = join(home, 'Maildir');
  for (const sub of ['new', 'cur', 'tmp']) await mkdir(join(maildir, sub), { recursive: true });
  await mkdir(join(dir, 'run'));
  await mkdir(join(dir, 'state'));
  if (root)
    for (const d of [dir, home, maildir, ...['new', 'cur', 'tmp'].map((s) => join(maildir, s))]) await chmod(d, 0o777);
  const mailUid = root ? 65534 : me.uid;
  const mailGid = root ? 65534 : me.gid;
  await writeFile(join(dir, 'passwd'), `${user}:{PLAIN}${password}:${mailUid}:${mailGid}::${home}\n`);

  for (let attempt = 0; ; attempt++) {
    const pop3Port = await freePort();
    const imapPort = await freePort();
    const conf = join(dir, 'dovecot.conf');
    await writeFile(
      conf,
      `protocols = imap pop3
listen = 127.0.0.1
base_dir = ${join(dir, 'run')}
state_dir = ${join(dir, 'state')}
instance_name = casedesk-test-${process.pid}-${attempt}
default_internal_user = ${root ? 'dovecot' : me.username}
default_internal_group = ${root ? 'dovecot' : groupOf()}
default_login_user = ${root ? 'dovenull' : me.username}
disable_plaintext_auth = no
login_trusted_networks = 127.0.0.0/8
ssl = no
auth_mechanisms = plain login
log_path = ${join(dir, 'dovecot.log')}
mail_location = maildir:~/Maildir
pop3_uidl_format = %08Xu%08Xv
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${join(dir, 'passwd')}
}
userdb {
  driver = passwd-file
  args = username_format=%u ${join(dir, 'passwd')}
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
`,
    );
    try {
      // The daemon keeps inherited pipes open: no pipes, or this would wait for it to end.
      execFileSync(dovecotBinary, ['-c', conf], { stdio: 'ignore' });
    } catch (error) {
      if (attempt < 3) continue;
      throw new Error(`dovecot did not start: ${String(error)}\n${readLog(dir)}`, { cause: error });
    }
    const pidFile = join(dir, 'run', 'master.pid');
    // The daemon writes its pid a moment after the starting command returns.
    for (let i = 0; i < 100 && !existsSync(pidFile); i++) await sleep(50);
    const masterPid = Number(readFileSync(pidFile, 'utf8').trim());
    for (let i = 0; i < 50 && !((await answers(pop3Port)) && (await answers(imapPort))); i++) await sleep(100);

    return {
      host: '127.0.0.1',
      pop3Port,
      imapPort,
      user,
      password,
      async drop(raw, name) {
        const file = name ?? `${Date.now()}.${process.pid}_${++dropCounter}.casedesk`;
        const tmp = join(maildir, 'tmp', file);
        await writeFile(tmp, raw);
        if (root) await chmod(tmp, 0o666);
        await rename(tmp, join(maildir, 'new', file));
        return file;
      },
      async count() {
        return (await readdir(join(maildir, 'new'))).length + (await readdir(join(maildir, 'cur'))).length;
      },
      async clear() {
        for (const sub of ['new', 'cur', 'tmp'])
          for (const f of await readdir(join(maildir, sub))) await rm(join(maildir, sub, f), { force: true });
      },
      async stop() {
        try {
          process.kill(masterPid, 'SIGTERM');
        } catch {
          // Already gone.
        }
        for (let i = 0; i < 50; i++) {
          try {
            process.kill(masterPid, 0);
          } catch {
            break;
          }
          await sleep(100);
        }
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
}

function readLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'dovecot.log'), 'utf8').slice(-2000);
  } catch {
    return '';
  }
}

/** The columns of a mail account that fetches from this Dovecot over `protocol` (plain text on loopback). */
export function fetchingAccount(server: Dovecot, protocol: 'POP3' | 'IMAP') {
  return {
    address: 'desk@casedesk.example',
    account: server.user,
    passwordEncrypted: encryptPassword(server.password),
    smtpHost: '127.0.0.1',
    smtpPort: 2525,
    incomingProtocol: protocol,
    incomingHost: server.host,
    incomingPort: protocol === 'POP3' ? server.pop3Port : server.imapPort,
    incomingSsl: false,
    fetchEnabled: true,
  };
}
