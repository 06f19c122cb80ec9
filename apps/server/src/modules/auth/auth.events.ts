import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { DomainEventHandler } from '../../platform/events.js';
import { signInFailure, userSession } from './auth.table.js';

/**
 * The user module's changes to a user's access, applied to what the auth module keeps: a user who lost access
 * has every live session ended (their next call answers 4005), optionally but the caller's own; an unlocked user
 * can sign in from anywhere at once.
 */
export const applyUserAccessChange: DomainEventHandler = async (tx, event) => {
  if (event.type === 'user.accessEnded')
    await tx
      .update(userSession)
      .set({ revokedAt: sql`now()`, revokeReason: event.reason })
      .where(
        and(
          inArray(userSession.userId, event.userIds),
          isNull(userSession.revokedAt),
          event.keepSessionId ? sql`${userSession.id} <> ${event.keepSessionId}` : undefined,
        ),
      );
  else if (event.type === 'user.unlocked')
    await tx.delete(signInFailure).where(inArray(signInFailure.userId, event.userIds));
};
