import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@casedesk/shared';
import { createUser, signIn, signedInWith, useTestApp } from '../../../test/helpers.js';
import { dataOf, expectRefused } from '../../../test/platform-helpers.js';
import { appUser } from '../user/user.table.js';

type Position = { id: number; name: string; code: string; description: string | null; rowVersion: number };

describe('Position', () => {
  const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
  let token: string;
  let counter = 0;
  beforeAll(async () => {
    token = (await signIn(ctx, await createUser(ctx, { roles: ['admin'] }))).token;
  });
  const add = async () => {
    counter++;
    const body = { name: `Position ${counter}`, code: `POS-${counter}` };
    return dataOf<Position>(await ctx.call('POST', '/api/Position/Add', { token, body }));
  };
  const exists = async (id: number) => (await ctx.call('GET', `/api/Position/Get/${id}`, { token })).status === 200;

  it('refuses deleting a position a user holds, saying so, and deletes nothing', async () => {
    const held = await add();
    const free = await add();
    const holder = await createUser(ctx, { values: { positionId: held.id } });
    const expected = {
      resultCode: 409,
      resultMsg: 'The position is held by 1 user(s); change their position first.',
      data: null,
    };
    const one = await expectRefused(ctx, 409, () => ctx.call('POST', `/api/Position/Delete/${held.id}`, { token }));
    expect(one.body).toEqual(expected);
    const batch = await expectRefused(ctx, 409, () =>
      ctx.call('POST', '/api/Position/Delete', { token, body: [free.id, held.id] }),
    );
    expect(batch.body).toEqual(expected);
    expect([await exists(held.id), await exists(free.id)]).toEqual([true, true]);
    await ctx.db.update(appUser).set({ positionId: null }).where(eq(appUser.id, holder.id));
    expect(dataOf(await ctx.call('POST', '/api/Position/Delete', { token, body: [free.id, held.id] }))).toEqual({
      deleted: 2,
    });
  });

  it('stores the optional description, and clears it with null', async () => {
    const body = { name: 'Analyst', code: 'ANALYST', description: '  Reads <b>reports</b>  ' };
    const created = dataOf<Position>(await ctx.call('POST', '/api/Position/Add', { token, body }));
    expect(created.description).toBe('Reads <b>reports</b>');
    const cleared = dataOf<Position>(
      await ctx.call('POST', '/api/Position/Update', {
        token,
        body: { id: created.id, rowVersion: created.rowVersion, name: 'Analyst', code: 'ANALYST', description: null },
      }),
    );
    expect(cleared).toMatchObject({ description: null, rowVersion: 2 });
    await expectRefused(ctx, 400, () =>
      ctx.call('POST', '/api/Position/Add', { token, body: { name: 'A', code: 'B', description: 'd'.repeat(501) } }),
    );
  });

  it('is closed to users without the position permissions', async () => {
    const position = await add();
    const { token: viewer } = await signedInWith(ctx, ['position:view']);
    expect((await ctx.call('POST', '/api/Position/Query', { token: viewer, body: {} })).status).toBe(200);
    for (const [url, body] of [
      ['/api/Position/Add', { name: 'X', code: 'X' }],
      ['/api/Position/Update', { id: position.id, rowVersion: 1, name: 'X', code: 'X' }],
      [`/api/Position/Delete/${position.id}`, undefined],
      ['/api/Position/Delete', [position.id]],
      ['/api/Position/Export', {}],
    ] as const) {
      const response = await expectRefused(ctx, 403, () => ctx.call('POST', url, { token: viewer, body }));
      expect(response.body.resultMsg).toBe(messages.forbidden);
    }
    const { token: stranger } = await signedInWith(ctx, ['dept:view']);
    expect((await ctx.call('GET', `/api/Position/Get/${position.id}`, { token: stranger })).status).toBe(403);
  });
});
