import { asc, eq } from 'drizzle-orm';
import { seededNames, type MacroAction } from '@casedesk/shared';
import type { Tx } from '../../platform/db.js';
import { appUser } from '../user/index.js';
import { macro } from './macro.table.js';

type DemoMacro = { code: keyof typeof seededNames.macro; actions: MacroAction[] };

/** What a desk does most in one click: close with a note, escalate, and park a ticket on the customer. */
const demoMacros: DemoMacro[] = [
  {
    code: 'closeResolved',
    actions: [
      { set: { status: 'Resolved' } },
      {
        comment: {
          public: true,
          body: '<p>Hello {{ customer.name }},</p><p>we consider {{ ticket.caseNumber }} resolved. Reply to this mail if anything is still open.</p>',
        },
      },
      { addTags: ['resolved-by-macro'] },
    ],
  },
  {
    code: 'escalateUrgent',
    actions: [
      { set: { priority: 'Urgent' } },
      { addTags: ['escalated'] },
      { comment: { public: false, body: '<p>Escalated to urgent by {{ agent.name }}.</p>' } },
    ],
  },
  {
    code: 'waitForCustomer',
    actions: [
      { set: { status: 'Pending' } },
      {
        comment: {
          public: true,
          body: '<p>Hello {{ customer.name }},</p><p>we need a little more information to go on with {{ ticket.caseNumber }}. Please reply to this mail.</p>',
        },
      },
    ],
  },
];

/** The demo's shared macros, owned by the first user (the administrator), for everyone who uses macros. */
export async function seedDemoMacros(tx: Tx): Promise<void> {
  const [owner] = await tx
    .select({ id: appUser.id })
    .from(appUser)
    .where(eq(appUser.loginName, 'admin'))
    .orderBy(asc(appUser.id))
    .limit(1);
  if (!owner) return;
  await tx.insert(macro).values(
    demoMacros.map((demo) => ({
      seedCode: demo.code,
      name: seededNames.macro[demo.code],
      actions: demo.actions,
      ownerId: owner.id,
      shared: true,
      createdBy: owner.id,
      modifiedBy: owner.id,
    })),
  );
}
