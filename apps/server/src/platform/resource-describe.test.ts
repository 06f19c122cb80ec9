import { randomBytes } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deptCreateSchema, deptQuerySchema, deptSchema, deptUpdateSchema } from '@casedesk/shared';
import { createUser, useTestApp } from '../../test/helpers.js';
import { dept } from '../modules/dept/dept.table.js';
import type { Actor } from './actor.js';
import { AppError } from './errors.js';
import { defineResource } from './resource.js';

/**
 * The record description: the kit reads the row it describes (joined columns), sorts only by the fields it names,
 * puts the policy's `actions[]` on every row it answers and refuses an Update or Delete `can` refuses, even when
 * the module writes that call itself.
 */
const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
let actor: Actor;
const moduleWrites: string[] = [];

type DeptRow = typeof dept.$inferSelect & { codeLength: number; actions: string[] };
const schemas = { record: deptSchema, create: deptCreateSchema, update: deptUpdateSchema, query: deptQuerySchema };
const described = defineResource<typeof dept, typeof schemas, DeptRow>({
  name: 'DescribedDept',
  module: 'dept',
  label: 'department',
  table: dept,
  schemas,
  columns: { ...getTableColumns(dept), codeLength: sql<number>`length(${dept.code})`.mapWith(Number) },
  keywordColumns: [dept.name],
  sortable: { name: dept.name, codeLength: sql`length(${dept.code})` },
  defaultOrder: [{ field: 'name', desc: false }],
  policy: {
    can: (_actor, action, row) => !(action === 'delete' && row.name.startsWith('Kept')),
    actions: (_actor, row) => (row.name.startsWith('Kept') ? ['edit'] : ['edit', 'delete']),
  },
  exportColumns: [],
  // A write the module does itself: the kit's `can` still stands in front of it.
  operations: {
    async remove(db, who, ids): Promise<number> {
      moduleWrites.push(`remove ${ids.join(',')}`);
      return described.generic.remove(db, who, ids);
    },
  },
});

const unique = () => randomBytes(4).toString('hex');
const add = (name: string) => described.add(ctx.db, actor, { name, code: `C${unique()}` } as never);

beforeAll(async () => {
  const user = await createUser(ctx, { roles: ['admin'] });
  actor = {
    userId: user.id,
    loginName: user.loginName,
    sessionId: '00000000-0000-0000-0000-000000000000',
    tokenExp: 0,
    permissions: new Set(['dept:view', 'dept:edit', 'dept:delete']),
    roles: ['admin'],
    projects: [],
    privateTicket: false,
    needToChangePwd: false,
    dataScope: 'all',
  };
});

describe('a described record', () => {
  it('answers its columns and the actions of its policy on every read and write', async () => {
    const tag = unique();
    const added = await add(`Kept ${tag}`);
    expect(added).toMatchObject({ codeLength: 9, actions: ['edit'] });
    await add(`Free ${tag}`);
    expect(await described.get(ctx.db, actor, added.id)).toMatchObject({ codeLength: 9, actions: ['edit'] });
    const page = await described.query(ctx.db, actor, {
      page: 1,
      pageSize: 20,
      keyword: tag,
      orderBy: [{ field: 'name', desc: true }],
    } as never);
    expect(page.items.map((row) => [row.name, row.actions])).toEqual([
      [`Kept ${tag}`, ['edit']],
      [`Free ${tag}`, ['edit', 'delete']],
    ]);
  });

  it('sorts only by the fields it names, an expression among them', async () => {
    const query = (field: string) =>
      described.query(ctx.db, actor, { page: 1, pageSize: 5, orderBy: [{ field, desc: false }] } as never);
    await expect(query('codeLength')).resolves.toMatchObject({ total: expect.any(Number) });
    // `code` is a column of the record, but this description does not name it.
    for (const field of ['code', '__proto__', 'constructor', 'toString'])
      await expect(query(field)).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        messageRef: { key: 'common.cannotSort' },
      });
  });

  it("refuses a Delete its policy's can refuses, before the module's own write", async () => {
    const kept = await add(`Kept ${unique()}`);
    const free = await add(`Free ${unique()}`);
    moduleWrites.length = 0;
    const refused = await described.remove(ctx.db, actor, [free.id, kept.id]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'FORBIDDEN' });
    expect(moduleWrites).toEqual([]);
    expect(await described.remove(ctx.db, actor, [free.id])).toBe(1);
    expect(moduleWrites).toEqual([`remove ${free.id}`]);
  });
});
