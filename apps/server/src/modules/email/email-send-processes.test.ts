import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailMessages } from '@casedesk/shared';
import { openPostgres, type Database } from '../../db/database.js';
import { copyPgTemplate } from '../../../test/database.js';
import { sinkPassword, sinkUser, startSmtpSink, type SmtpSink } from '../../../test/mail-servers.js';
import { loadMessageIdKey, queueEmail } from './email-outbox.service.js';
import { email, mailAccount } from './email.table.js';
import { encryptPassword, loadMailPasswordKey } from './mail-crypto.js';

const pgUrl = process.env.TEST_DATABASE_URL;
const serverDir = fileURLToPath(new URL('../../..', import.meta.url));

type Sender = { child: ChildProcess; exited: Promise<void> };

/** A real outbox process (test/email-send-process.ts) on the test's database, resolved once it runs. */
async function startSender(url: string, leaseSeconds: number): Promise<Sender> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/email-send-process.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: url, LEASE_SECONDS: String(leaseSeconds), SEND_EVERY_MS: '100' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    void exited.then(() => reject(new Error(`sender exited before it was ready: ${stderr}`)));
  });
  return { child, exited };
}

const kill = async (sender: Sender) => {
  if (sender.child.exitCode === null && sender.child.signalCode === null) sender.child.kill('SIGKILL');
  await sender.exited;
};

describe.skipIf(!pgUrl)('the outbox across a kill -9 between the SMTP accept and the state write (PostgreSQL)', () => {
  let copy: Awaited<ReturnType<typeof copyPgTemplate>>;
  let database: Database;
  let sink: SmtpSink;
  const senders: Sender[] = [];
  let killDuringData: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    copy = await copyPgTemplate();
    database = await openPostgres(copy.url, 2);
    await loadMessageIdKey(database.db, undefined);
    await loadMailPasswordKey(database.db);
    // The sink hands each message to the test before it answers 250: the test may kill the sender there.
    sink = await startSmtpSink({ onData: async () => killDuringData?.() });
    await database.db.insert(mailAccount).values({
      name: 'Desk',
      address: 'desk@example.test',
      account: sinkUser,
      passwordEncrypted: encryptPassword(sinkPassword),
      smtpHost: '127.0.0.1',
      smtpPort: sink.port,
      smtpStartTls: false,
      isDefault: true,
    });
  });
  afterAll(async () => {
    await Promise.all(senders.map(kill));
    await sink?.close();
    await database?.close();
    await copy?.drop();
  });

  it('the mail reached the SMTP server once; the next process marks it interrupted and never sends it again', async () => {
    const first = await startSender(copy.url, 2);
    senders.push(first);
    let killed = false;
    killDuringData = async () => {
      // The sender has handed over the whole message and waits for the 250: it dies before writing Sent.
      await kill(first);
      killed = true;
    };
    const { id, messageId } = await database.db.transaction((tx) =>
      queueEmail(tx, { to: ['customer@example.test'], subject: 'Once only', body: '<p>once</p>' }),
    );
    await expect.poll(() => killed, { timeout: 20_000, interval: 50 }).toBe(true);
    killDuringData = undefined;
    const [left] = await database.db.select().from(email).where(eq(email.id, id));
    expect(left).toMatchObject({ status: 'Sending', attempts: 1 });
    expect(left!.leaseUntil).not.toBeNull();
    expect(sink.messages.filter((m) => m.headers['message-id'] === messageId)).toHaveLength(1);

    const second = await startSender(copy.url, 2);
    senders.push(second);
    await expect
      .poll(async () => (await database.db.select().from(email).where(eq(email.id, id)))[0]!.status, {
        timeout: 20_000,
        interval: 100,
      })
      .toBe('Failed');
    const [judged] = await database.db.select().from(email).where(eq(email.id, id));
    expect(judged).toMatchObject({ error: emailMessages.interrupted, attempts: 1 });

    // The new process sends what is queued after, normally; the interrupted one still reached the sink once.
    const next = await database.db.transaction((tx) =>
      queueEmail(tx, { to: ['customer@example.test'], subject: 'Next', body: '<p>next</p>' }),
    );
    await expect
      .poll(async () => (await database.db.select().from(email).where(eq(email.id, next.id)))[0]!.status, {
        timeout: 20_000,
        interval: 100,
      })
      .toBe('Sent');
    expect(sink.messages.filter((m) => m.headers['message-id'] === messageId)).toHaveLength(1);
    expect(sink.messages.filter((m) => m.headers['message-id'] === next.messageId)).toHaveLength(1);
    await kill(second);
  }, 90_000);
});
