import { describe, expect, it } from 'vitest';
import type { Notification } from '@casedesk/shared';
import { writeNotification } from '../src/modules/notification/notification.service.js';
import { createUser, signIn } from './helpers.js';
import { PgRelay, useAppBehindRelay } from './pg-relay.js';
import { openStream } from './sse-client.js';

const pgUrl = process.env.TEST_DATABASE_URL;

// The LISTEN connection is a client of its own: when PostgreSQL drops it (restart, network), the instance
// listens again with back-off and its open streams re-read the count, instead of going deaf for good.
describe.skipIf(!pgUrl)('notification LISTEN after a dropped connection (PostgreSQL)', () => {
  const relay = PgRelay.for(pgUrl ?? 'postgres://x:5432');
  const ctx = useAppBehindRelay(relay);

  it('listens again and pushes what is written afterwards', async () => {
    const baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await createUser(ctx);
    const { token } = await signIn(ctx, user);
    const stream = await openStream(ctx, baseUrl, token);
    await stream.next((e) => e.event === 'unread');
    const unreadEvents = () => stream.events.filter((e) => e.event === 'unread').length;
    const before = unreadEvents();

    relay.dropAll(); // every connection, the LISTEN one too; new ones still get through
    // The resync after the LISTEN is back: the stream hears the count again.
    await stream.next(() => unreadEvents() > before);

    const id = await ctx.db.transaction((tx) =>
      writeNotification(tx, {
        toUserId: user.id,
        msType: 'system',
        title: { key: 'ticketResolved', values: { caseNumber: 'TCK-AFTER' } },
      }),
    );
    const pushed = await stream.next((e) => e.event === 'notification');
    expect((pushed.data as Notification).id).toBe(id);
    await stream.close();
  });
});
