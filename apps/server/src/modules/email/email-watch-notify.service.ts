import { eq } from 'drizzle-orm';
import type { EmailEvent } from '@casedesk/shared';
import type { Tx } from '../../platform/db.js';
import type { DomainEvent, DomainEventHandler } from '../../platform/events.js';
import { appUser, userDisplayNameSql } from '../user/index.js';
import type { TemplateValues } from './email-render.service.js';
import { mailTicketUsers } from './email-user-notify.service.js';
import { commentValuesOf } from './email-template.service.js';

type Telling = { event: EmailEvent; ticketId: number; userIds: number[]; actorId: number | null; commentId?: number };

/** Mails `event`'s template to each of `userIds` (contract 20: mentions and watchers), with `more`. */
const mailEach = (tx: Tx, telling: Telling, more: TemplateValues) => mailTicketUsers(tx, telling, () => more);

const others = (ids: number[] | undefined, except: (number | null)[]) =>
  [...new Set(ids ?? [])].filter((id) => !except.includes(id));

async function actorName(tx: Tx, actorId: number | null): Promise<string> {
  if (actorId === null) return '';
  const [row] = await tx.select({ name: userDisplayNameSql }).from(appUser).where(eq(appUser.id, actorId));
  return row?.name ?? '';
}

async function mailWatchers(tx: Tx, event: DomainEvent): Promise<void> {
  if (event.type === 'ticket.commented') {
    const mentioned = others(event.mentionedIds, [event.actorId]);
    const watchers = others(event.watcherIds, [event.actorId, ...mentioned]);
    if (mentioned.length === 0 && watchers.length === 0) return;
    const comment = (await commentValuesOf(tx, event.commentId)) ?? {};
    const base = { ticketId: event.ticketId, actorId: event.actorId, commentId: event.commentId };
    await mailEach(tx, { ...base, event: 'ticketMentioned', userIds: mentioned }, { comment });
    await mailEach(
      tx,
      { ...base, event: 'ticketWatched', userIds: watchers },
      { comment, watch: { kind: 'comment', actorName: comment.authorName ?? '', fromStatus: '' } },
    );
  } else if (event.type === 'ticket.statusChanged') {
    const watchers = others(event.watcherIds, [event.actorId]);
    if (watchers.length === 0) return;
    await mailEach(
      tx,
      { event: 'ticketWatched', ticketId: event.ticketId, userIds: watchers, actorId: event.actorId },
      {
        comment: { body: '', authorName: '' },
        watch: { kind: 'status', actorName: await actorName(tx, event.actorId), fromStatus: event.from },
      },
    );
  }
}

/** The e-mail module's handler of mentions and watched tickets (beside `notifyByEmail`). */
export const notifyWatchersByEmail: DomainEventHandler = async (tx, event) => {
  if (event.type === 'ticket.commented' || event.type === 'ticket.statusChanged') await mailWatchers(tx, event);
};
