import { useEffect } from 'react';
import type { Notification } from '@casedesk/shared';
import { openEventStream } from '../../../platform/http/event-stream';
import { emitLiveEvent, streamedLiveEvents, type LiveEvents } from '../../../platform/http/live-events';
import { useNotificationCache } from '../api';

/**
 * Keeps the bell live: one stream per tab (`GET /api/Notification/Stream`), reopened when it ends. `unread`
 * sets the count; `notification` refreshes the lists and tells `onNew` (the bell may say so). The ticket events go
 * on to the screens that follow them (platform/http/live-events.ts).
 */
export function useNotificationStream(onNew?: (item: Notification) => void) {
  const cache = useNotificationCache();
  useEffect(() => {
    const stream = openEventStream('/api/Notification/Stream', {
      ticketPath: '/api/Notification/StreamTicket',
      events: ['unread', 'notification', ...streamedLiveEvents],
      // After a gap (reconnect) the lists may have missed rows: fetch them again.
      onOpen: () => {
        void cache.refreshLists();
        emitLiveEvent('open', {});
      },
      onEvent: ({ event, data }) => {
        if (event === 'unread') cache.setUnread((JSON.parse(data) as { unread: number }).unread);
        else if (event === 'ticket.changed' || event === 'ticket.presence')
          emitLiveEvent(event, JSON.parse(data) as LiveEvents[typeof event]);
        else if (event === 'notification') {
          void cache.refreshLists();
          onNew?.(JSON.parse(data) as Notification);
        }
      },
    });
    return () => stream.stop();
    // One stream for the component's life: the cache functions stay valid (one query client per app).
  }, []);
}
