import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.js';
import { seedSystem } from '../src/db/seed-system.js';
import { fetchAccount } from '../src/modules/email/email-fetch.service.js';
import { loadMessageIdKey } from '../src/modules/email/email-outbox.service.js';
import { email, mailAccount } from '../src/modules/email/email.table.js';
import { encryptPassword, loadMailPasswordKey } from '../src/modules/email/mail-crypto.js';
import { project } from '../src/modules/project/project.table.js';
import { ticket } from '../src/modules/ticket/ticket.table.js';
import { copyPgTemplate } from './database.js';
import { hasDovecot, noDovecotMessage, startDovecot, type Dovecot } from './dovecot.js';
import { plainMail, uniqueId } from './mail-fixtures.js';

const pgUrl = process.env.TEST_DATABASE_URL;
const serverDir = fileURLToPath(new URL('..', import.meta.url));
if (!hasDovecot) console.warn(noDovecotMessage);

/**
 * kill -9 between the ticket's commit and the POP3 DELE: the message stays at the server, the next fetch finds
 * it already stored (its UIDL) and deletes it; one ticket, nothing lost. A real process, killed for real, on
 * PostgreSQL or on the embedded database in a data directory (the killed process's lock is left behind).
 */
describe.skipIf(!hasDovecot)('a fetch killed between commit and POP3 delete', () => {
  let server: Dovecot;
  let dataDir: string;
  let pg: Awaited<ReturnType<typeof copyPgTemplate>> | undefined;
  let env: Record<string, string>;

  const open = async (first = false): Promise<Database> => {
    // The embedded database's lock of the killed process is stale: removed as an operator would.
    if (!pg) rmSync(join(dataDir, 'casedesk.lock'), { recursive: true, force: true });
    const database = await openDatabase({ databaseUrl: pg?.url, dataDir });
    if (first && !pg) {
      await database.migrate();
      await seedSystem(database.db, { adminPassword: undefined });
    }
    await loadMailPasswordKey(database.db);
    await loadMessageIdKey(database.db, undefined);
    return database;
  };

  beforeAll(async () => {
    server = await startDovecot();
    dataDir = mkdtempSync(join(tmpdir(), 'casedesk-mailin-crash-'));
    if (pgUrl) pg = await copyPgTemplate();
    env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'false', ...(pg ? { DATABASE_URL: pg.url } : {}) };
  });
  afterAll(async () => {
    await server?.stop();
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves a duplicate fetch that the next run skips: one ticket per mail, mailbox emptied', async () => {
    let database = await open(true);
    const [p] = await database.db
      .insert(project)
      .values({ projectCode: `CRASH-${Date.now()}`, projectName: 'Crash' })
      .returning({ id: project.id });
    const [account] = await database.db
      .insert(mailAccount)
      .values({
        name: 'Crash desk',
        address: 'desk@casedesk.example',
        account: server.user,
        passwordEncrypted: encryptPassword(server.password),
        smtpHost: '127.0.0.1',
        smtpPort: 2525,
        incomingProtocol: 'POP3',
        incomingHost: server.host,
        incomingPort: server.pop3Port,
        incomingSsl: false,
        fetchEnabled: true,
        defaultProjectId: p!.id,
      })
      .returning({ id: mailAccount.id });
    await database.close();
    const ids = [uniqueId(), uniqueId()];
    await server.drop(plainMail({ from: 'a@customer.example', subject: 'Crash one', messageId: ids[0] }));
    await server.drop(plainMail({ from: 'b@customer.example', subject: 'Crash two', messageId: ids[1] }));

    const child = spawn(process.execPath, ['--import', 'tsx', 'test/email-fetch-process.ts'], {
      cwd: serverDir,
      env: { ...process.env, ...env, ACCOUNT_ID: String(account!.id), CRASH_AFTER_COMMIT: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('committed')) resolve();
      });
      void exited.then(() => reject(new Error(`the fetch process ended before its first commit: ${stderr}`)));
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    // Both messages are still at the server: the first was committed, never deleted.
    expect(await server.count()).toBe(2);

    database = await open();
    try {
      const [row] = await database.db.select().from(mailAccount).where(eq(mailAccount.id, account!.id));
      const summary = await fetchAccount(
        database.db,
        { ...(await import('./helpers.js')).testConfig(), dataDir },
        row!,
        {
          limit: 100,
        },
      );
      expect(summary).toMatchObject({ fetched: 2, stored: 1, duplicates: 1 });
      expect(await server.count()).toBe(0);
      const mails = await database.db
        .select({ ticketId: email.ticketId })
        .from(email)
        .where(and(eq(email.accountId, account!.id), inArray(email.messageId, ids)));
      expect(mails).toHaveLength(2);
      const tickets = await database.db
        .select({ subject: ticket.subject })
        .from(ticket)
        .where(inArray(ticket.subject, ['Crash one', 'Crash two']));
      expect(tickets.map((t) => t.subject).sort()).toEqual(['Crash one', 'Crash two']);
    } finally {
      await database.close();
    }
  });
});
