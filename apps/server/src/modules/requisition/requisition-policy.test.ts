import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, RequisitionAction, RequisitionDetail, RequisitionStatus } from '@casedesk/shared';
import { createUser, signIn, useTestApp } from '../../../test/helpers.js';
import { dataOf, editableOf } from '../../../test/platform-helpers.js';
import { createCompany, createProject, type Staff } from '../../../test/ticket-factories.js';

/*
 * One rule feeds both the check and the button: for requisitions in every state, each action a row (and its
 * detail) offers a caller is accepted by its route, and each action it does not offer is refused (403 or 409).
 */

const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });

const actions: RequisitionAction[] = ['edit', 'delete', 'cancel'];
type State = { status: RequisitionStatus; invoice?: 'Draft' | 'Cancelled' };
const states: State[] = [
  { status: 'Draft' },
  { status: 'Rejected' },
  { status: 'PendingApproval' },
  { status: 'Approved' },
  { status: 'Approved', invoice: 'Draft' },
  { status: 'Cancelled' },
  { status: 'Cancelled', invoice: 'Cancelled' },
];
const nameOf = (state: State) => state.status + (state.invoice ? ` with a ${state.invoice} invoice` : '');

let projectId: number;
let people: Record<'requester' | 'editor' | 'viewer', Staff>;

async function member(permissions: string[]) {
  const user = await createUser(ctx, { permissions, projects: [projectId] });
  await ctx.db.execute(
    sql`update role set data_scope = 'projects' where id in (select role_id from user_role where user_id = ${user.id})`,
  );
  return { ...user, token: (await signIn(ctx, user)).token };
}

beforeAll(async () => {
  projectId = await createProject(ctx, { companies: [await createCompany(ctx)] });
  people = {
    requester: await member(['requisition:view', 'requisition:create', 'requisition:edit', 'requisition:delete']),
    editor: await member(['requisition:view', 'requisition:edit']),
    viewer: await member(['requisition:view']),
  };
});

/** A requisition of the requester in the state (its status set as the approval would leave it). */
async function requisitionIn(state: State): Promise<number> {
  const added = dataOf<RequisitionDetail>(
    await ctx.call('POST', '/api/Requisition/Add', {
      token: people.requester.token,
      body: { title: 'Chairs', projectId, lines: [{ description: 'Chair', quantity: '2', unitPrice: '40' }] },
    }),
  );
  await ctx.db.execute(sql`update requisition set status = ${state.status} where id = ${added.id}`);
  if (state.invoice)
    await ctx.db.execute(
      sql`insert into invoice (requisition_id, status, currency) values (${added.id}, ${state.invoice}, 'USD')`,
    );
  return added.id;
}

const detailOf = async (who: Staff, id: number) =>
  dataOf<RequisitionDetail>(await ctx.call('GET', `/api/Requisition/Detail/${id}`, { token: who.token }));

async function perform(who: Staff, id: number, action: RequisitionAction) {
  if (action === 'delete') return ctx.call('POST', `/api/Requisition/Delete/${id}`, { token: who.token });
  if (action === 'cancel') return ctx.call('POST', `/api/Requisition/Cancel/${id}`, { token: who.token });
  const detail = await detailOf(people.requester, id);
  const lines = detail.lines.map(({ id: _id, lineNo: _lineNo, ...line }) => line);
  return ctx.call('POST', '/api/Requisition/Update', {
    token: who.token,
    body: { ...editableOf(detail), lines, title: 'Chairs, changed' },
  });
}

describe('requisition.policy: what a row offers is what the calls accept', () => {
  it('for every state and caller, offered actions succeed and the others are refused', async () => {
    const offers: string[] = [];
    for (const state of states) {
      const id = await requisitionIn(state);
      for (const [role, who] of Object.entries(people)) {
        const detail = await detailOf(who, id);
        const page = dataOf<Page<{ id: number; actions?: RequisitionAction[] }>>(
          await ctx.call('POST', '/api/Requisition/Query', {
            token: who.token,
            body: { keyword: detail.requisitionNumber },
          }),
        );
        const offered = detail.actions ?? [];
        expect(page.items.find((row) => row.id === id)?.actions, `${role} ${nameOf(state)}: list = detail`).toEqual(
          offered,
        );
        for (const action of actions) {
          const label = `${role} ${action} on ${nameOf(state)}`;
          if (offered.includes(action)) {
            offers.push(label);
            const answer = await perform(who, await requisitionIn(state), action);
            expect(answer.status, `${label}: offered, ${answer.raw}`).toBe(200);
          } else {
            const answer = await perform(who, id, action);
            expect([403, 409], `${label}: not offered, ${answer.raw}`).toContain(answer.status);
          }
        }
      }
      // The refusals changed nothing.
      expect((await detailOf(people.requester, id)).status).toBe(state.status);
    }
    expect(offers).toEqual(
      expect.arrayContaining([
        'requester edit on Draft',
        'requester delete on Draft',
        'requester cancel on Approved',
        'editor cancel on Rejected',
      ]),
    );
    expect(offers).not.toContain('requester cancel on Approved with a Draft invoice');
    expect(offers).not.toContain('requester delete on Cancelled with a Cancelled invoice');
    expect(offers).not.toContain('editor delete on Draft');
  });
});
