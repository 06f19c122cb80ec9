import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import lockfile from 'proper-lockfile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataExport, DataManagementInfo, DataRetention, TicketArchive } from '@casedesk/shared';
import { pgliteExtensions } from '../../db/database.js';
import { signedInWith, useTestApp } from '../../../test/helpers.js';
import { dataOf } from '../../../test/platform-helpers.js';
import { addTicket, admin, staff, ticketWorld, type Staff } from '../../../test/ticket-factories.js';
import { archiveClosedTickets, ticket, ticketArchive, ticketArchiveHandler } from '../ticket/index.js';
import { pgDumpCommand } from './data-management.service.js';

const dataDir = mkdtempSync(join(tmpdir(), 'casedesk-dm-'));
const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web', dataDir });
const repoRoot = resolve(import.meta.dirname, '../../../../..');
const run = promisify(execFile);
let boss: Staff;

beforeAll(async () => {
  boss = await admin(ctx);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const withKeys = { 'message-keys': '1' };
const keyOf = (response: { body: unknown }) => (response.body as { messageKey?: string }).messageKey;
const retention = async (token = boss.token) =>
  dataOf<DataRetention>(await ctx.call('GET', '/api/DataManagement/Retention', { token }));

describe('Data Management: exports and retention', () => {
  it('lists the exports the user may call, and only those', async () => {
    const all = dataOf<DataExport[]>(await ctx.call('GET', '/api/DataManagement/Exports', { token: boss.token }));
    const names = all.map((e) => e.resource);
    expect(names).toEqual(expect.arrayContaining(['Ticket', 'Vendor', 'User', 'Invoice', 'SystemLog']));
    expect(all.find((e) => e.resource === 'Vendor')).toEqual({ resource: 'Vendor', module: 'vendor' });

    const clerk = await signedInWith(ctx, ['dataManagement:page', 'dataManagement:view', 'vendor:export']);
    const mine = dataOf<DataExport[]>(await ctx.call('GET', '/api/DataManagement/Exports', { token: clerk.token }));
    expect(mine).toEqual([{ resource: 'Vendor', module: 'vendor' }]);
    // What it lists is what the export call answers.
    const file = await ctx.app.inject({
      method: 'POST',
      url: '/api/Vendor/Export',
      headers: { authorization: `Bearer ${clerk.token}`, 'auth-token': ctx.newAuthToken() },
      payload: {},
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('Vendor.xlsx');
  });

  it('saves the log days and the archive months together, checking both rowVersions', async () => {
    const before = await retention();
    expect(before).toMatchObject({ logDaysToKeep: 90, archiveClosedAfterMonths: 0, rowVersion: 0 });
    const saved = dataOf<DataRetention>(
      await ctx.call('POST', '/api/DataManagement/Retention', {
        token: boss.token,
        body: { ...before, logDaysToKeep: 30, archiveClosedAfterMonths: 12 },
      }),
    );
    expect(saved).toMatchObject({ logDaysToKeep: 30, archiveClosedAfterMonths: 12, rowVersion: 1 });
    // The log group keeps its other values, and Settings shows the same days.
    const settings = dataOf<{ log: { value: { daysToKeep: number; requestLog: boolean } } }>(
      await ctx.call('GET', '/api/Settings/Get', { token: boss.token }),
    );
    expect(settings.log.value).toMatchObject({ daysToKeep: 30, requestLog: true });

    // A stale rowVersion of either group writes neither.
    const stale = await ctx.call('POST', '/api/DataManagement/Retention', {
      token: boss.token,
      headers: withKeys,
      body: { ...saved, logDaysToKeep: 10, archiveClosedAfterMonths: 3, rowVersion: 0 },
    });
    expect(stale.status).toBe(409);
    expect(await retention()).toMatchObject({ logDaysToKeep: 30, archiveClosedAfterMonths: 12 });

    const bad = await ctx.call('POST', '/api/DataManagement/Retention', {
      token: boss.token,
      body: { ...saved, archiveClosedAfterMonths: -1 },
    });
    expect(bad.status).toBe(400);
  });

  it('refuses who may not: no module permission, view without edit, no backup right', async () => {
    const outsider = await signedInWith(ctx, ['ticket:view']);
    expect((await ctx.call('GET', '/api/DataManagement/Info', { token: outsider.token })).status).toBe(403);
    expect((await ctx.call('GET', '/api/DataManagement/Exports', { token: outsider.token })).status).toBe(403);
    const viewer = await signedInWith(ctx, ['dataManagement:page', 'dataManagement:view']);
    const current = await retention(viewer.token);
    const save = await ctx.call('POST', '/api/DataManagement/Retention', {
      token: viewer.token,
      body: { ...current, archiveClosedAfterMonths: 1 },
    });
    expect(save.status).toBe(403);
    expect((await retention()).archiveClosedAfterMonths).toBe(current.archiveClosedAfterMonths);
    expect((await ctx.call('GET', '/api/DataManagement/Backup', { token: viewer.token })).status).toBe(403);
  });

  it('names pg_dump without the password', () => {
    expect(pgDumpCommand('postgres://app:s3cret@db.internal:6432/casedesk')).toBe(
      'pg_dump --format=custom --host=db.internal --port=6432 --username=app --file=casedesk-backup.dump casedesk',
    );
  });
});

describe('Data Management: archive of closed tickets', () => {
  it('moves tickets closed longer ago than the rule into the archive, found by case number by who could see them', async () => {
    const world = await ticketWorld(ctx);
    const other = await ticketWorld(ctx);
    const old = await addTicket(ctx, world.agent.token, {
      projectId: world.projectId,
      categoryId: world.categoryId,
      subject: 'Old printer jam',
    });
    await ctx.call('POST', '/api/TicketComment/Add', {
      token: world.agent.token,
      body: { ticketId: old.id, comment: '<p>Replaced the roller</p>', public: true },
    });
    const recent = await addTicket(ctx, world.agent.token, { projectId: world.projectId, subject: 'Recent' });
    const parent = await addTicket(ctx, world.agent.token, { projectId: world.projectId, subject: 'Parent' });
    await addTicket(ctx, world.agent.token, { projectId: world.projectId, subject: 'Child', parentTicket: parent.id });
    const stillOpen = await addTicket(ctx, world.agent.token, { projectId: world.projectId, subject: 'Open' });
    const closeAt = async (id: number, status: string, monthsAgo: number) =>
      ctx.db
        .update(ticket)
        .set({ status: status as 'Closed', closeDate: sql`now() - make_interval(months => ${monthsAgo})` })
        .where(eq(ticket.id, id));
    // A custom value goes into the archive with its ticket.
    const assetTag = await ctx.call('POST', '/api/CustomField/Add', {
      token: boss.token,
      body: {
        key: 'archived_asset',
        appliesTo: 'Ticket',
        type: 'text',
        label: { en: 'Asset', 'zh-cn': '资产', 'zh-tw': '資產' },
      },
    });
    expect(assetTag.status, assetTag.raw).toBe(200);
    const tagged = await ctx.call('POST', '/api/Ticket/Update', {
      token: world.agent.token,
      body: { id: old.id, rowVersion: old.rowVersion, customFields: { archived_asset: 'A-123' } },
    });
    expect(tagged.status, tagged.raw).toBe(200);
    await closeAt(old.id, 'Closed', 14);
    await closeAt(recent.id, 'Cancelled', 2);
    await closeAt(parent.id, 'Closed', 20);
    await ctx.db
      .update(ticket)
      .set({ closeDate: sql`now() - interval '30 months'` })
      .where(eq(ticket.id, stillOpen.id));

    const current = await retention();
    await ctx.call('POST', '/api/DataManagement/Retention', {
      token: boss.token,
      body: { ...current, archiveClosedAfterMonths: 12 },
    });
    const controller = new AbortController();
    const result = await ticketArchiveHandler.run(
      {
        db: ctx.db,
        config: ctx.config,
        log: ctx.app.log,
        fireTime: new Date(),
        jobId: null,
        signal: controller.signal,
      },
      { batchSize: 1 },
    );
    expect(result).toMatchObject({ message: expect.stringContaining('Archived') });

    // Gone from the tickets, the others stay: too recent, still open, or a parent a child points at.
    expect((await ctx.call('GET', `/api/Ticket/Get/${old.id}`, { token: world.agent.token })).status).toBe(404);
    for (const kept of [recent, parent, stillOpen])
      expect((await ctx.call('GET', `/api/Ticket/Get/${kept.id}`, { token: world.agent.token })).status).toBe(200);

    const archived = dataOf<TicketArchive>(
      await ctx.call('GET', `/api/Ticket/Archive/${old.caseNumber.toLowerCase()}`, { token: world.agent.token }),
    );
    expect(archived).toMatchObject({
      id: old.id,
      caseNumber: old.caseNumber,
      subject: 'Old printer jam',
      status: 'Closed',
    });
    expect(archived.comments.map((c) => c.comment)).toEqual(['<p>Replaced the roller</p>']);
    expect(archived.customFields).toEqual({ archived_asset: 'A-123' });
    expect(archived.history.map((h) => h.kind)).toEqual(expect.arrayContaining(['created', 'comment']));
    expect(archived.projectName).not.toBeNull();

    // Someone outside the project could not see the ticket, and cannot find its archive either.
    const outsider = await staff(ctx, [other.projectId]);
    expect((await ctx.call('GET', `/api/Ticket/Archive/${old.caseNumber}`, { token: outsider.token })).status).toBe(
      404,
    );
    expect((await ctx.call('GET', '/api/Ticket/Archive/TCK-NOPE', { token: boss.token })).status).toBe(404);

    // Running again moves nothing more and changes nothing of what is archived.
    const rows = await ctx.db.select().from(ticketArchive).where(eq(ticketArchive.id, old.id));
    expect(await archiveClosedTickets(ctx.db, { cutoff: new Date(), batchSize: 50 })).toBeGreaterThanOrEqual(0);
    const again = await ctx.db.select().from(ticketArchive).where(eq(ticketArchive.id, old.id));
    expect(again).toEqual(rows);
  });

  it('does nothing while the rule is off', async () => {
    const world = await ticketWorld(ctx);
    const t = await addTicket(ctx, world.agent.token, { projectId: world.projectId, subject: 'Kept' });
    await ctx.db
      .update(ticket)
      .set({ status: 'Closed', closeDate: sql`now() - interval '100 months'` })
      .where(eq(ticket.id, t.id));
    const current = await retention();
    await ctx.call('POST', '/api/DataManagement/Retention', {
      token: boss.token,
      body: { ...current, archiveClosedAfterMonths: 0 },
    });
    const result = await ticketArchiveHandler.run(
      {
        db: ctx.db,
        config: ctx.config,
        log: ctx.app.log,
        fireTime: new Date(),
        jobId: null,
        signal: new AbortController().signal,
      },
      { batchSize: 10 },
    );
    expect(result).toEqual({ message: expect.stringContaining('off') });
    expect((await ctx.call('GET', `/api/Ticket/Get/${t.id}`, { token: world.agent.token })).status).toBe(200);
  });
});

describe('Data Management: backup and restore', () => {
  it('says which database it runs on; on PostgreSQL the backup is refused with the pg_dump hint', async () => {
    const info = dataOf<DataManagementInfo>(await ctx.call('GET', '/api/DataManagement/Info', { token: boss.token }));
    if (ctx.database.kind === 'pglite') {
      expect(info).toMatchObject({ database: 'embedded', backup: true });
      return;
    }
    expect(info).toMatchObject({ database: 'postgres', backup: false });
    const refused = await ctx.call('GET', '/api/DataManagement/Backup', { token: boss.token, headers: withKeys });
    expect(refused.status).toBe(400);
    expect(keyOf(refused)).toBe('dataManagement.backupNotEmbedded');
  });

  it.runIf(process.env.TEST_DATABASE_URL === undefined)(
    'downloads a backup that restores into a fresh data directory with its rows and files; refuses a locked one',
    { timeout: 120_000 },
    async () => {
      const code = `BK-${Date.now()}`;
      await ctx.call('POST', '/api/Vendor/Add', {
        token: boss.token,
        body: { vendorCode: code, vendorName: 'Backed Up Supplies' },
      });
      mkdirSync(join(dataDir, 'files', '2026', '11'), { recursive: true });
      writeFileSync(join(dataDir, 'files', '2026', '11', 'note.txt'), 'uploaded bytes');

      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/DataManagement/Backup',
        headers: { authorization: `Bearer ${boss.token}`, 'auth-token': ctx.newAuthToken() },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/casedesk-backup-\d{4}-\d{2}-\d{2}\.tar\.gz/);
      const archive = join(dataDir, 'backup.tar.gz');
      writeFileSync(archive, response.rawPayload);

      // A data directory a server holds is refused.
      const busy = mkdtempSync(join(tmpdir(), 'casedesk-busy-'));
      const release = await lockfile.lock(busy, { lockfilePath: join(busy, 'casedesk.lock'), stale: 15_000 });
      const refused = await run('node', ['scripts/restore.mjs', archive], {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: busy },
      }).catch((error: { code: number; stderr: string }) => error);
      await release();
      rmSync(busy, { recursive: true, force: true });
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('stop it first') });

      // A fresh directory that already has data: it is moved aside, the backup loaded.
      const target = mkdtempSync(join(tmpdir(), 'casedesk-restore-'));
      try {
        mkdirSync(join(target, 'files'));
        writeFileSync(join(target, 'files', 'old.txt'), 'before');
        const done = await run('node', ['scripts/restore.mjs', archive], {
          cwd: repoRoot,
          env: { ...process.env, DATA_DIR: target },
        });
        expect(done.stdout).toContain('Restored');
        expect(readFileSync(join(target, 'files', '2026', '11', 'note.txt'), 'utf8')).toBe('uploaded bytes');
        const restored = await PGlite.create(join(target, 'pgdata'), { extensions: pgliteExtensions });
        const { rows } = await restored.query<{ vendor_name: string }>(
          'select vendor_name from vendor where vendor_code = $1',
          [code],
        );
        await restored.close();
        expect(rows).toEqual([{ vendor_name: 'Backed Up Supplies' }]);
      } finally {
        rmSync(target, { recursive: true, force: true });
      }
    },
  );
});
