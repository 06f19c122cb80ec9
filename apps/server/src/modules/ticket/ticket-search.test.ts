import { afterEach, describe, expect, it } from 'vitest';
import type { TicketPage } from '@casedesk/shared';
import { useTestApp } from '../../../test/helpers.js';
import { addTicket, createCategory, createProject, staff, ticketWorld } from '../../../test/ticket-factories.js';
import { chooseSearchPath, ticketSearchTuning } from './ticket.queries.js';

const ctx = useTestApp();
afterEach(() => {
  ticketSearchTuning.path = undefined;
  ticketSearchTuning.window = undefined;
});

async function query(token: string, body: Record<string, unknown> = {}) {
  const response = await ctx.call('POST', '/api/Ticket/Query', { token, body });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as TicketPage;
}

/** A staff member of another project than the world's, and a way to add tickets there. */
async function outsiderOf(w: Awaited<ReturnType<typeof ticketWorld>>) {
  const projectId = await createProject(ctx, { companies: [w.companyId] });
  const user = await staff(ctx, [projectId]);
  const categoryId = await createCategory(ctx, { projects: [projectId], assignee: user.id });
  const add = (subject: string) =>
    addTicket(ctx, user.token, { projectId, categoryId, companyId: w.companyId, subject });
  return { ...user, add };
}

/** "Ledger" tickets the world's agent must never see: a colleague's private one, and one of another project. */
async function ledgersHiddenFrom(w: Awaited<ReturnType<typeof ticketWorld>>) {
  const colleague = await staff(ctx, [w.projectId]);
  const hidden = await addTicket(ctx, colleague.token, {
    projectId: w.projectId,
    categoryId: w.categoryId,
    companyId: w.companyId,
    subject: 'Ledger private',
    privateTicket: true,
    assignTo: colleague.id,
  });
  const outsider = await outsiderOf(w);
  return { colleague, hidden, outsider, elsewhere: await outsider.add('Ledger elsewhere') };
}

/** Every page of a search, one after the other. */
async function allPages(token: string, body: Record<string, unknown>, pageSize: number) {
  const pages: TicketPage[] = [];
  for (let page = 1; page <= 50; page++) {
    const result = await query(token, { ...body, page, pageSize });
    pages.push(result);
    if (result.items.length < pageSize) break;
  }
  return pages;
}

describe('a broad keyword search (many matches): newest first from the id index, no ranking', () => {
  it('pages newest first without repeats or gaps, counts and shows only what the user may see, and says its order', async () => {
    const w = await ticketWorld(ctx);
    const base = { projectId: w.projectId, categoryId: w.categoryId, companyId: w.companyId };
    const visible: number[] = [];
    for (let i = 0; i < 13; i++) {
      // The word in the subject of some, in the content of others: relevance would order them differently.
      const body =
        i % 2 ? { subject: `Ledger ${i}` } : { subject: `Item ${i}`, content: `<p>ledger ledger note ${i}</p>` };
      visible.push((await addTicket(ctx, w.agent.token, { ...base, ...body })).id);
    }
    await addTicket(ctx, w.agent.token, { ...base, subject: 'Unrelated' });
    // A private ticket of someone else in the same project, and a ticket of another project: never shown or counted.
    const { colleague, hidden, outsider, elsewhere } = await ledgersHiddenFrom(w);

    ticketSearchTuning.path = 'newest'; // every keyword search takes the broad path here
    const newestFirst = [...visible].sort((a, b) => b - a);
    const pages = await allPages(w.agent.token, { keyword: 'ledger' }, 4);
    const ids = pages.flatMap((p) => p.items.map((i) => i.id));
    expect(ids).toEqual(newestFirst);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(elsewhere.id);
    // Full pages of a broad search estimate the total (at least one more than shown); the last, short page knows it.
    for (const [index, page] of pages.entries()) {
      expect(page.searchOrder).toBe('newest');
      if (index < pages.length - 1) {
        expect(page.totalExact).toBe(false);
        expect(page.total).toBeGreaterThan((index + 1) * 4);
      } else expect(page).toMatchObject({ total: 13, totalExact: true });
    }
    // The colleague sees their own private ticket in the same broad search; the outsider only theirs.
    expect((await query(colleague.token, { keyword: 'ledger', pageSize: 50 })).items.map((i) => i.id)).toContain(
      hidden.id,
    );
    expect((await query(outsider.token, { keyword: 'ledger' })).items.map((i) => i.id)).toEqual([elsewhere.id]);

    // A sort the user chose is kept on the broad path.
    const bySubject = await query(w.agent.token, { keyword: 'ledger', orderBy: [{ field: 'subject' }], pageSize: 50 });
    expect(bySubject.searchOrder).toBe('sorted');
    const subjects = bySubject.items.map((i) => i.subject);
    expect(subjects).toEqual([...subjects].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    // The same search below the line is ranked: subject matches (weight A) before content matches.
    ticketSearchTuning.path = undefined;
    const ranked = await query(w.agent.token, { keyword: 'ledger', pageSize: 50 });
    expect(ranked.searchOrder).toBe('relevance');
    expect(ranked.total).toBe(13);
    expect(new Set(ranked.items.map((i) => i.id))).toEqual(new Set(visible));
    expect(ranked.items.map((i) => i.id)).not.toEqual(newestFirst);
  });

  it('finds a Chinese word on the broad path the same as on the ranked one', async () => {
    const w = await ticketWorld(ctx);
    const base = { projectId: w.projectId, categoryId: w.categoryId, companyId: w.companyId };
    const zh = await addTicket(ctx, w.agent.token, { ...base, subject: '打印机无法连接网络' });
    const tw = await addTicket(ctx, w.agent.token, { ...base, subject: '辦公室印表機', content: '<p>打印机卡纸</p>' });
    await addTicket(ctx, w.agent.token, { ...base, subject: '其他问题' });
    ticketSearchTuning.path = 'newest';
    const broad = await query(w.agent.token, { keyword: '打印机' });
    expect(broad.items.map((i) => i.id)).toEqual([tw.id, zh.id]);
    expect(broad).toMatchObject({ total: 2, totalExact: true, searchOrder: 'newest' }); // a short page: exact
    ticketSearchTuning.path = undefined;
    const ranked = await query(w.agent.token, { keyword: '打印机' });
    expect(ranked.items.map((i) => i.id)).toEqual([zh.id, tw.id]);
    expect(ranked.searchOrder).toBe('relevance');
  });
});

describe('the path of a keyword search, by the rows each would read', () => {
  const million = 1_000_000;
  it('ranks a narrow keyword from its index', () => {
    expect(chooseSearchPath({ keywordRows: 800, visibleRows: 150_000, allRows: million }, 20, false)).toBe('ranked');
  });
  it('answers a broad keyword newest first when the user sees many tickets', () => {
    // A fifth of the tickets match, the user sees 15 %: a page is found in about 670 rows.
    expect(chooseSearchPath({ keywordRows: 200_000, visibleRows: 150_000, allRows: million }, 20, false)).toBe(
      'newest',
    );
    expect(chooseSearchPath({ keywordRows: 6_000, visibleRows: 60_000, allRows: million }, 20, false)).toBe('newest');
  });
  it('ranks among the user’s own tickets when they see few (newest first would walk most of the table)', () => {
    expect(chooseSearchPath({ keywordRows: 200_000, visibleRows: 100, allRows: million }, 20, false)).toBe(
      'withinVisible',
    );
    expect(chooseSearchPath({ keywordRows: 200_000, visibleRows: 5_000, allRows: million }, 20, false)).toBe(
      'withinVisible',
    );
  });
  it('with the user’s own sort, reads whichever is smaller: their tickets or the keyword’s matches', () => {
    expect(chooseSearchPath({ keywordRows: 200_000, visibleRows: 50_000, allRows: million }, 20, true)).toBe(
      'withinVisible',
    );
    expect(chooseSearchPath({ keywordRows: 200_000, visibleRows: 400_000, allRows: million }, 20, true)).toBe('newest');
  });
});

describe('a broad keyword search by a user who sees few tickets: ranked among their own', () => {
  it('answers exactly what the ranked search answers: same tickets, same order, exact total, nothing hidden', async () => {
    const w = await ticketWorld(ctx);
    const base = { projectId: w.projectId, categoryId: w.categoryId, companyId: w.companyId };
    for (let i = 0; i < 7; i++) {
      const body =
        i % 2 ? { subject: `Ledger ${i}` } : { subject: `Item ${i}`, content: `<p>ledger ledger note ${i}</p>` };
      await addTicket(ctx, w.agent.token, { ...base, ...body });
    }
    const { colleague, hidden, outsider, elsewhere } = await ledgersHiddenFrom(w);

    const searches = [
      { keyword: 'ledger', pageSize: 3 },
      { keyword: 'ledger', pageSize: 3, orderBy: [{ field: 'subject' }] },
    ];
    for (const search of searches) {
      ticketSearchTuning.path = 'ranked';
      const ranked = await allPages(w.agent.token, search, search.pageSize);
      ticketSearchTuning.path = 'withinVisible';
      const within = await allPages(w.agent.token, search, search.pageSize);
      const ids = (pages: TicketPage[]) => pages.flatMap((p) => p.items.map((i) => i.id));
      expect(ids(within)).toEqual(ids(ranked));
      expect(ids(within)).toHaveLength(7);
      expect(ids(within)).not.toContain(hidden.id);
      expect(ids(within)).not.toContain(elsewhere.id);
      for (const page of within) {
        expect(page).toMatchObject({ total: 7, totalExact: true });
        expect(page.searchOrder).toBe(search.orderBy ? 'sorted' : 'relevance');
      }
    }
    // Relevance: the subject matches (weight A) first.
    ticketSearchTuning.path = 'withinVisible';
    const first = await query(w.agent.token, { keyword: 'ledger', pageSize: 3 });
    expect(first.items.every((i) => i.subject.startsWith('Ledger'))).toBe(true);
    expect((await query(outsider.token, { keyword: 'ledger' })).items.map((i) => i.id)).toEqual([elsewhere.id]);
    expect((await query(colleague.token, { keyword: 'ledger', pageSize: 50 })).items.map((i) => i.id)).toContain(
      hidden.id,
    );
  });
});

describe('a broad search whose matches are rare among the newest tickets the user sees', () => {
  it('falls back from the window of newest ids to both indexes, with the same pages in the same order', async () => {
    const w = await ticketWorld(ctx);
    const base = { projectId: w.projectId, categoryId: w.categoryId, companyId: w.companyId };
    const visible: number[] = [];
    for (let i = 0; i < 9; i++)
      visible.push((await addTicket(ctx, w.agent.token, { ...base, subject: `Ledger ${i}` })).id);
    // Newer tickets with the word that the agent does not see: the newest ids hold none of the agent's matches.
    const outsider = await outsiderOf(w);
    const newer: number[] = [];
    for (let i = 0; i < 6; i++) newer.push((await outsider.add(`Ledger elsewhere ${i}`)).id);

    ticketSearchTuning.path = 'newest';
    const newestFirst = [...visible].sort((a, b) => b - a);
    const ids = (pages: TicketPage[]) => pages.flatMap((p) => p.items.map((i) => i.id));
    for (const window of [3, 10_000]) {
      // 3: the window holds only the outsider's tickets, so every page comes from both indexes.
      ticketSearchTuning.window = window;
      const pages = await allPages(w.agent.token, { keyword: 'ledger' }, 4);
      expect(ids(pages), `window ${window}`).toEqual(newestFirst);
      expect(pages.map((p) => p.searchOrder)).toEqual(pages.map(() => 'newest'));
      expect(pages.at(-1)).toMatchObject({ total: 9, totalExact: true });
    }
    expect(ids(await allPages(outsider.token, { keyword: 'ledger' }, 4))).toEqual([...newer].sort((a, b) => b - a));
  });
});
