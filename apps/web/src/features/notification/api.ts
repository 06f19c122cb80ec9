import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  isNotificationTitleKey,
  renderNotificationTitle,
  type Notification,
  type NotificationType,
  type Page,
} from '@casedesk/shared';
import { resourceKeys } from '../../platform/crud/resource-api';
import { http } from '../../platform/http/client';

export const notificationKeys = resourceKeys('Notification');
const unreadKey = notificationKeys.of('unread');

export type NotificationListQuery = {
  page: number;
  pageSize: number;
  isRead?: boolean;
  msType?: NotificationType;
  keyword?: string;
};

export function useNotifications(query: NotificationListQuery, enabled = true) {
  return useQuery({
    queryKey: notificationKeys.list('Query', query),
    queryFn: () => http.post<Page<Notification>>('/api/Notification/Query', query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useUnreadCount() {
  return useQuery({
    queryKey: unreadKey,
    queryFn: async () => (await http.get<{ unread: number }>('/api/Notification/Unread')).unread,
    staleTime: Infinity, // the stream keeps it current
  });
}

/** What the stream says: the count in place, and the lists fetched again when a new one came. */
export function useNotificationCache() {
  const client = useQueryClient();
  return {
    setUnread: (unread: number) => client.setQueryData(unreadKey, unread),
    refreshLists: () => client.invalidateQueries({ queryKey: [...notificationKeys.all, 'list'] }),
    refreshAll: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  };
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: number[] } | { all: true }) =>
      http.post<{ unread: number }>('/api/Notification/MarkRead', body),
    onSuccess: async ({ unread }) => {
      client.setQueryData(unreadKey, unread);
      await client.invalidateQueries({ queryKey: [...notificationKeys.all, 'list'] });
    },
  });
}

/** The title in the language shown now (a switch re-words it before the server knows the new language). */
export function useNotificationTitle() {
  const { i18n } = useTranslation();
  return (item: Notification) =>
    item.titleKey && isNotificationTitleKey(item.titleKey)
      ? renderNotificationTitle(item.titleKey, item.titleValues ?? {}, i18n.language)
      : item.title;
}
