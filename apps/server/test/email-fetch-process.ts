/**
 * One mail fetch in its own process, for the kill -9 test (email-fetch-crash.test.ts) and bench/email-fetch:
 * `DATABASE_URL=... | DATA_DIR=... ACCOUNT_ID=n [CRASH_AFTER_COMMIT=1] node --import tsx test/email-fetch-process.ts`.
 * With CRASH_AFTER_COMMIT it prints `committed <key>` after the first message's commit, before the message is
 * deleted at the server, and waits there to be killed. Otherwise it prints the fetch summary as JSON.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/database.js';
import { fetchAccount } from '../src/modules/email/email-fetch.service.js';
import { loadMessageIdKey } from '../src/modules/email/email-outbox.service.js';
import { mailAccount } from '../src/modules/email/email.table.js';
import { loadMailPasswordKey } from '../src/modules/email/mail-crypto.js';
import { loadConfig } from '../src/platform/config.js';

const config = { ...loadConfig(), demoData: false };
const database = await openDatabase(config);
await loadMailPasswordKey(database.db);
await loadMessageIdKey(database.db, config.systemUrl);
const [account] = await database.db
  .select()
  .from(mailAccount)
  .where(eq(mailAccount.id, Number(process.env.ACCOUNT_ID)));
if (!account) throw new Error('no such account');
const crash = process.env.CRASH_AFTER_COMMIT === '1';
const summary = await fetchAccount(database.db, config, account, {
  limit: Number(process.env.FETCH_LIMIT ?? 100_000),
  afterCommit: crash
    ? async (key) => {
        process.stdout.write(`committed ${key}\n`);
        await sleep(600_000);
      }
    : undefined,
});
process.stdout.write(`${JSON.stringify(summary)}\n`);
await database.close();
