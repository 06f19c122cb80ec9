import { asc, eq } from 'drizzle-orm';
import type { PersonalDataHolder } from '../../platform/personal-data.js';
import { notification } from './notification.table.js';

/** The bell's messages to a user; an erased user's go with them (nobody reads them any more). */
export const notificationPersonalData: PersonalDataHolder = {
  async rows(q, userId) {
    const notifications = await q
      .select()
      .from(notification)
      .where(eq(notification.toUserId, userId))
      .orderBy(asc(notification.id));
    return { notifications };
  },
  async erase(tx, userId) {
    await tx.delete(notification).where(eq(notification.toUserId, userId));
  },
};
