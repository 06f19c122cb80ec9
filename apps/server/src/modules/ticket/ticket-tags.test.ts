import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { tagsPerTicket, type TagCount, type TicketPage, type TicketScreen } from '@casedesk/shared';
import { useTestApp } from '../../../test/helpers.js';
import { addTicket, staff, ticketWorld, type TicketData } from '../../../test/ticket-factories.js';

// Ticket tags (contract section 20): written through Add and Update, filtered in Query, counted by Tag/Query.

const ctx = useTestApp();
/** Tags of one test, so that tests sharing the file's database never count each other's. */
const prefix = () => `t${randomBytes(3).toString('hex')}`;

async function update(token: string, body: Record<string, unknown>) {
  return ctx.call('POST', '/api/Ticket/Update', { token, body, headers: { 'message-keys': '1' } });
}

async function query(token: string, body: Record<string, unknown>) {
  const response = await ctx.call('POST', '/api/Ticket/Query', { token, body });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as TicketPage;
}

async function tagQuery(token: string, keyword: string) {
  const response = await ctx.call('POST', '/api/Tag/Query', { token, body: { keyword } });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as TagCount[];
}

async function tagWorld() {
  const w = await ticketWorld(ctx);
  const add = (body: Record<string, unknown> = {}) =>
    addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId, ...body });
  return { ...w, add, p: prefix() };
}

describe('ticket tags', () => {
  it('sets tags on Add, normalized, and shows them on Get, Detail, the list and the timeline', async () => {
    const w = await tagWorld();
    const t = await w.add({ tags: [`  ${w.p}-VPN `, `${w.p}-vpn`, `${w.p}  Mail   Server`, `ＶＰＮ${w.p}`] });
    const expected = [`${w.p} mail server`, `${w.p}-vpn`, `vpn${w.p}`];
    expect(t.tags).toEqual(expected);
    expect((await ctx.call('GET', `/api/Ticket/Get/${t.id}`, { token: w.agent.token })).body.data).toMatchObject({
      tags: expected,
    });
    const screen = (await ctx.call('GET', `/api/Ticket/Screen/${t.id}`, { token: w.agent.token })).body
      .data as TicketScreen;
    expect(screen.tags).toEqual(expected);
    expect(screen.timeline[0]!.changes).toContainEqual(expect.objectContaining({ field: 'tags', to: expected }));
    const page = await query(w.agent.token, { projectId: w.projectId });
    expect(page.items.find((i) => i.id === t.id)?.tags).toEqual(expected);
    // A ticket without tags lists an empty array.
    const bare = await w.add();
    expect((await query(w.agent.token, { projectId: w.projectId })).items.find((i) => i.id === bare.id)?.tags).toEqual(
      [],
    );
  });

  it('replaces, keeps and clears tags through Update, in the history, with the usual rowVersion', async () => {
    const w = await tagWorld();
    const t = await w.add({ tags: [`${w.p}-a`, `${w.p}-b`] });
    const changed = await update(w.agent.token, { id: t.id, rowVersion: 1, tags: [`${w.p}-b`, `${w.p}-c`] });
    expect(changed.status, changed.raw).toBe(200);
    expect(changed.body.data).toMatchObject({ rowVersion: 2, tags: [`${w.p}-b`, `${w.p}-c`] });
    // Not naming tags leaves them; the same set again changes nothing (no new version).
    const other = await update(w.agent.token, { id: t.id, rowVersion: 2, subject: 'Renamed' });
    expect(other.body.data).toMatchObject({ rowVersion: 3, tags: [`${w.p}-b`, `${w.p}-c`] });
    const same = await update(w.agent.token, { id: t.id, rowVersion: 3, tags: [`${w.p}-C`, `${w.p}-b`] });
    expect(same.body.data).toMatchObject({ rowVersion: 3 });
    // A stale rowVersion writes no tag.
    const stale = await update(w.agent.token, { id: t.id, rowVersion: 1, tags: [] });
    expect(stale.status).toBe(409);
    const cleared = await update(w.agent.token, { id: t.id, rowVersion: 3, tags: [] });
    expect(cleared.body.data).toMatchObject({ rowVersion: 4, tags: [] });
    const timeline = (await ctx.call('GET', `/api/Ticket/Timeline/${t.id}`, { token: w.agent.token })).body
      .data as TicketScreen['timeline'];
    const tagChanges = timeline.flatMap((e) => e.changes).filter((c) => c.field === 'tags');
    expect(tagChanges.map((c) => [c.from, c.to])).toEqual([
      [null, [`${w.p}-a`, `${w.p}-b`]],
      [
        [`${w.p}-a`, `${w.p}-b`],
        [`${w.p}-b`, `${w.p}-c`],
      ],
      [[`${w.p}-b`, `${w.p}-c`], null],
    ]);
  });

  it('refuses empty, too long, comma and too many tags with keyed 400s, writing nothing', async () => {
    const w = await tagWorld();
    const t = await w.add({ tags: [`${w.p}-keep`] });
    const cases: [unknown[], string][] = [
      [['   '], 'validation.required'],
      [['x'.repeat(51)], 'validation.tooLong'],
      [['a,b'], 'ticket.tagComma'],
      [Array.from({ length: tagsPerTicket + 1 }, (_, i) => `${w.p}-${i}`), 'validation.tooMany'],
      [[42], 'validation.notText'],
    ];
    for (const [tags, key] of cases) {
      const refused = await update(w.agent.token, { id: t.id, rowVersion: 1, tags });
      expect(refused.status, refused.raw).toBe(400);
      expect((refused.body as unknown as { messageKey: string }).messageKey, refused.raw).toBe(key);
    }
    // Twenty-one spellings of one tag are one tag: the limit counts tags, not spellings.
    const spellings = Array.from({ length: tagsPerTicket + 1 }, (_, i) => `${' '.repeat(i)}${w.p}-Same`);
    const fine = await update(w.agent.token, { id: t.id, rowVersion: 1, tags: spellings });
    expect(fine.status, fine.raw).toBe(200);
    expect(fine.body.data).toMatchObject({ tags: [`${w.p}-same`] });
  });

  it('filters the list and the export by any or all of the tags, with the other filters', async () => {
    const w = await tagWorld();
    const [a, b, c] = [`${w.p}-a`, `${w.p}-b`, `${w.p}-c`];
    const onlyA = await w.add({ tags: [a] });
    const both = await w.add({ tags: [a, b], priority: 'High' });
    const onlyC = await w.add({ tags: [c] });
    await w.add();
    const ids = async (body: Record<string, unknown>) =>
      (await query(w.agent.token, { projectId: w.projectId, ...body })).items.map((i) => i.id).sort((x, y) => x - y);
    expect(await ids({ tags: [a, b] })).toEqual([onlyA.id, both.id]);
    expect(await ids({ tags: [a, b], tagsMode: 'any' })).toEqual([onlyA.id, both.id]);
    expect(await ids({ tags: [a, b], tagsMode: 'all' })).toEqual([both.id]);
    expect(await ids({ tags: [a, c], tagsMode: 'all' })).toEqual([]);
    // The filter's tags are normalized as stored ones are, and compose with the other filters.
    expect(await ids({ tags: [` ${w.p}-A `], priority: ['High'] })).toEqual([both.id]);
    expect(await ids({ tags: [c, `${w.p}-none`] })).toEqual([onlyC.id]);
    const bad = await ctx.call('POST', '/api/Ticket/Query', { token: w.agent.token, body: { tagsMode: 'some' } });
    expect(bad.status).toBe(400);

    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/Ticket/Export',
      headers: { authorization: `Bearer ${w.agent.token}`, 'auth-token': ctx.newAuthToken() },
      payload: { projectId: w.projectId, tags: [a, b], tagsMode: 'all' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    // The one ticket with both tags, its tags in the last column.
    expect(rows.map((row) => [row[0], row.at(-1)])).toEqual([
      ['Case number', 'Tags'],
      [both.caseNumber, `${a}, ${b}`],
    ]);
  });

  it('counts tags over the caller’s visible tickets, prefix matches first, then the most used', async () => {
    const w = await tagWorld();
    await w.add({ tags: [`${w.p}-printer`, `x-${w.p}-printer-jam`] });
    await w.add({ tags: [`x-${w.p}-printer-jam`] });
    await w.add({ tags: [`x-${w.p}-printer-jam`, `${w.p}-vpn`] });
    expect(await tagQuery(w.agent.token, `${w.p.toUpperCase()}-PRINT`)).toEqual([
      { name: `${w.p}-printer`, count: 1 },
      { name: `x-${w.p}-printer-jam`, count: 3 },
    ]);
    const all = await tagQuery(w.agent.token, w.p);
    expect(all.map((t) => t.name)).toEqual([`${w.p}-printer`, `${w.p}-vpn`, `x-${w.p}-printer-jam`]);
    // No keyword: the most used tags the caller sees; `%` and `_` are plain characters.
    expect((await tagQuery(w.agent.token, ''))[0]).toEqual({ name: `x-${w.p}-printer-jam`, count: 3 });
    expect(await tagQuery(w.agent.token, '%')).toEqual([]);
  });
});

describe('who may not', () => {
  it('never counts nor finds a private ticket’s tags for a user who cannot see it', async () => {
    const w = await tagWorld();
    const colleague = await staff(ctx, [w.projectId]);
    const outsider = await staff(ctx, []);
    const secret = `${w.p}-secret`;
    const shared = `${w.p}-shared`;
    const hidden = await w.add({ privateTicket: true, tags: [secret, shared] });
    const open = await w.add({ tags: [shared] });
    expect(await tagQuery(w.agent.token, w.p)).toEqual([
      { name: shared, count: 2 },
      { name: secret, count: 1 },
    ]);
    expect(await tagQuery(colleague.token, w.p)).toEqual([{ name: shared, count: 1 }]);
    expect(await tagQuery(outsider.token, w.p)).toEqual([]);
    const found = async (token: string, tags: string[]) => (await query(token, { tags })).items.map((i) => i.id);
    expect(await found(colleague.token, [secret])).toEqual([]);
    expect(await found(colleague.token, [shared])).toEqual([open.id]);
    expect(await found(outsider.token, [shared])).toEqual([]);
    expect((await found(w.agent.token, [secret, shared])).sort()).toEqual([hidden.id, open.id].sort());
  });

  it('lets only who may edit the ticket change its tags, and Tag/Query needs ticket:view', async () => {
    const w = await tagWorld();
    const t: TicketData = await w.add({ tags: [`${w.p}-a`] });
    const viewer = await staff(ctx, [w.projectId], ['ticket:view']);
    const refused = await update(viewer.token, { id: t.id, rowVersion: 1, tags: [] });
    expect(refused.status).toBe(403);
    const noView = await staff(ctx, [w.projectId], ['ticket:create']);
    const noTags = await ctx.call('POST', '/api/Tag/Query', { token: noView.token, body: { keyword: w.p } });
    expect(noTags.status).toBe(403);
    // A cancelled ticket cannot be changed, tags included.
    const cancelled = await update(w.agent.token, { id: t.id, rowVersion: 1, status: 'Cancelled' });
    expect(cancelled.status, cancelled.raw).toBe(200);
    expect((await update(w.agent.token, { id: t.id, rowVersion: 2, tags: [] })).status).toBe(400);
    const after = await ctx.call('GET', `/api/Ticket/Get/${t.id}`, { token: w.agent.token });
    expect(after.body.data).toMatchObject({ rowVersion: 2, tags: [`${w.p}-a`] });
  });
});
