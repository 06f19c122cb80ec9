import { describe, expect, it } from 'vitest';
import type { CatalogItem, CatalogProgress } from '@casedesk/shared';
import { demoPassword, seedDemo } from '../../db/seed-demo.js';
import { signIn, useTestApp } from '../../../test/helpers.js';

// The demo catalog (quick start): three request types a demo agent sees, whose forms submit into tickets with approvals.

const ctx = useTestApp();

describe('the demo catalog', () => {
  it('offers a new laptop, an access request and a purchase, each submitting with its approval and items', async () => {
    expect(await seedDemo(ctx.db)).toBe(true);
    const bob = (await signIn(ctx, { loginName: 'bob', password: demoPassword })).token;
    const catalog = await ctx.call('GET', '/api/Catalog', { token: bob });
    expect(catalog.status, catalog.raw).toBe(200);
    const items = catalog.body.data as CatalogItem[];
    expect(items.map((item) => item.name.en)).toEqual(['New laptop', 'Access request', 'Purchase']);
    expect(items.map((item) => item.name['zh-cn'])).toEqual(['新笔记本电脑', '权限申请', '采购']);
    const laptop = items[0]!;
    expect(laptop.fields.map((field) => field.key)).toEqual(['model', 'budget', 'needed_by', 'justification']);
    const submitted = await ctx.call('POST', '/api/Catalog/Submit', {
      token: bob,
      body: {
        requestTypeId: laptop.id,
        projectId: laptop.projects[0]!.id,
        values: { model: 'performance', budget: '2500', justification: 'Video editing' },
      },
    });
    expect(submitted.status, submitted.raw).toBe(200);
    const ticketId = (submitted.body.data as { id: number }).id;
    const progress = await ctx.call('POST', '/api/Catalog/Progress', { token: bob, body: { ticketId } });
    expect(progress.status, progress.raw).toBe(200);
    const data = progress.body.data as CatalogProgress;
    expect(data.approval?.steps[0]).toMatchObject({ nodeId: 'team-lead', name: 'Team lead', state: 'current' });
    expect(data.fulfilment).toMatchObject([{ title: 'Prepare laptop', when: 'approved', openItemId: null }]);
    expect(data.values.map((value) => value.text)).toEqual(['Performance 16"', '2500', '', 'Video editing']);
    // The purchase's requisition is raised at once.
    const purchase = items[2]!;
    const bought = await ctx.call('POST', '/api/Catalog/Submit', {
      token: bob,
      body: {
        requestTypeId: purchase.id,
        projectId: purchase.projects[0]!.id,
        values: { item: 'Monitor', quantity: 2, amount: '480' },
      },
    });
    expect(bought.status, bought.raw).toBe(200);
    const followed = await ctx.call('POST', '/api/Catalog/Progress', {
      token: bob,
      body: { ticketId: (bought.body.data as { id: number }).id },
    });
    expect((followed.body.data as CatalogProgress).fulfilment).toMatchObject([
      { title: 'Raise requisition', status: 'Open' },
      { title: 'Order', openItemId: null },
    ]);
  });
});
