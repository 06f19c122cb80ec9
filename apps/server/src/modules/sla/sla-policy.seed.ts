import { eq } from 'drizzle-orm';
import { seededNames, type TicketPriority } from '@casedesk/shared';
import type { Tx } from '../../platform/db.js';
import { slaCalendar } from './sla-calendar.table.js';
import { slaPolicy } from './sla-policy.table.js';

type DemoPolicy = {
  code: keyof typeof seededNames.slaPolicy;
  priority: TicketPriority;
  first: number;
  resolve: number;
};

/** A desk's usual targets by ticket priority, in working time: first response and resolution. */
const demoPolicies: DemoPolicy[] = [
  { code: 'urgent', priority: 'Urgent', first: 30, resolve: 4 * 60 },
  { code: 'high', priority: 'High', first: 60, resolve: 8 * 60 },
  { code: 'medium', priority: 'Medium', first: 4 * 60, resolve: 24 * 60 },
  { code: 'low', priority: 'Low', first: 8 * 60, resolve: 72 * 60 },
];

/** Demo policies, one per ticket priority, on the seeded standard calendar (the system seed has written it). */
export async function seedDemoSlaPolicies(tx: Tx): Promise<void> {
  const [standard] = await tx
    .select({ id: slaCalendar.id })
    .from(slaCalendar)
    .where(eq(slaCalendar.seedCode, 'standard'));
  if (!standard) return;
  await tx.insert(slaPolicy).values(
    demoPolicies.map((policy, index) => ({
      seedCode: policy.code,
      name: seededNames.slaPolicy[policy.code],
      priority: (index + 1) * 10,
      conditions: [{ field: 'priority', op: 'eq' as const, value: policy.priority }],
      calendarId: standard.id,
      firstResponseMinutes: policy.first,
      resolutionMinutes: policy.resolve,
      // Pending: the desk waits for the customer, whose time it is not.
      pauseStatuses: ['Pending' as const],
      pauseDuringApproval: true,
      warnBeforeMinutes: 60,
    })),
  );
}
