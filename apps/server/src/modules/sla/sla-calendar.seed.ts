import { sql } from 'drizzle-orm';
import { seededNames, type WorkingHours } from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { readSettings } from '../setting/index.js';
import { slaCalendar } from './sla-calendar.table.js';

/** Monday (1) to Friday (5), 09:00-18:00. */
const businessWeek: WorkingHours[] = [1, 2, 3, 4, 5].map((day) => ({ day, from: '09:00', to: '18:00' }));

/**
 * The calendar every desk starts with, in the settings' time zone, on a database that has none (as the menu's
 * seed): an admin's edit stays, and a desk left without any calendar gets it back, since policies need one.
 */
export async function seedSlaCalendars(db: Db): Promise<void> {
  const settings = await readSettings(db);
  await db.transaction(async (tx) => {
    const [{ calendars } = { calendars: 0 }] = await tx
      .select({ calendars: sql<number>`count(*)::int` })
      .from(slaCalendar);
    if (calendars > 0) return;
    await tx.insert(slaCalendar).values({
      seedCode: 'standard',
      name: seededNames.slaCalendar.standard,
      timeZone: settings.basic.timeZone,
      workingHours: businessWeek,
    });
  });
}
