/**
 * A real process running the outbox for the kill -9 test and bench/email: opens DATABASE_URL, loads the e-mail
 * keys from it, and sends what is due every SEND_EVERY_MS (default 200) with leases of LEASE_SECONDS.
 * Run: `DATABASE_URL=... DATA_DIR=... node --import tsx test/email-send-process.ts`; prints `ready` once running.
 * For bench/email on a new database: MIGRATE=true migrates it, SMTP_SINK_PORT=<port> adds the default account
 * sending to the loopback sink of test/mail-servers.ts (its user and password).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { openPostgres } from '../src/db/database.js';
import { loadMessageIdKey } from '../src/modules/email/email-outbox.service.js';
import { sendDueEmails } from '../src/modules/email/email-send.service.js';
import { mailAccount } from '../src/modules/email/email.table.js';
import { encryptPassword, loadMailPasswordKey } from '../src/modules/email/mail-crypto.js';
import { sinkPassword, sinkUser } from './mail-servers.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const database = await openPostgres(url, 4);
// Several processes may start on a new database at once: migrate takes an advisory lock.
if (process.env.MIGRATE === 'true') await database.migrate();
await loadMessageIdKey(database.db, undefined);
await loadMailPasswordKey(database.db);
if (process.env.SMTP_SINK_PORT)
  await database.db
    .insert(mailAccount)
    .values({
      name: 'Loopback sink',
      address: 'desk@example.test',
      account: sinkUser,
      passwordEncrypted: encryptPassword(sinkPassword),
      smtpHost: '127.0.0.1',
      smtpPort: Number(process.env.SMTP_SINK_PORT),
      smtpStartTls: false,
      isDefault: true,
    })
    .onConflictDoNothing();
const leaseSeconds = Number(process.env.LEASE_SECONDS ?? 300);
const every = Number(process.env.SEND_EVERY_MS ?? 200);
const batchSize = Number(process.env.BATCH_SIZE ?? 50);
const dataDir = process.env.DATA_DIR ?? './data';

let stopping = false;
process.on('SIGTERM', () => (stopping = true));
process.stdout.write('ready\n');
while (!stopping) {
  const done = await sendDueEmails(database.db, { dataDir, leaseSeconds, batchSize });
  // A full batch: more may be due at once.
  if (done.sent + done.retried + done.failed < batchSize) await sleep(every);
}
await database.close();
process.exit(0);
