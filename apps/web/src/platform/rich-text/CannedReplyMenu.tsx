import { useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Page } from '@casedesk/shared';
import { resourceKeys } from '../crud/resource-api';
import { http } from '../http/client';
import { useValueLabel } from '../labels/labels';
import { usePermissions } from '../permission';
import { cannedReplies, matchReplies, type ReplyChoice, type ReplyMenu } from './canned-replies';

/**
 * `::` canned replies in a ticket's editors: the caller's replies (read once, matched as they type), the popup,
 * and the insertion of the reply rendered by the server against the ticket. Without a ticket, or without
 * `textModule:view`, there is no extension.
 */
export function useCannedReplies(ticketId: number | undefined) {
  const { i18n } = useTranslation();
  const { has } = usePermissions();
  const enabled = ticketId !== undefined && has('textModule:view');
  const replies = useQuery({
    queryKey: resourceKeys('TextModule').of('choices'),
    queryFn: () => http.post<Page<ReplyChoice>>('/api/TextModule/Query', { page: 1, pageSize: 500 }),
    enabled,
    staleTime: 60_000,
  });
  const [menu, setMenu] = useState<ReplyMenu | null>(null);
  // The editor keeps the extension it was made with: it reads what changes through this.
  const latest = useRef({ replies: [] as ReplyChoice[], language: 'en', ticketId });
  latest.current = { replies: replies.data?.items ?? [], language: i18n.language, ticketId };

  const extension = useMemo(
    () =>
      enabled
        ? cannedReplies({
            items: (query) => matchReplies(latest.current.replies, query, latest.current.language),
            show: setMenu,
            insert: (editor, range, reply) => {
              editor.chain().focus().deleteRange(range).run();
              void http
                .post<{ body: string }>('/api/TextModule/Render', { id: reply.id, ticketId: latest.current.ticketId })
                .then(({ body }) => {
                  if (editor.isDestroyed) return;
                  const at = Math.min(range.from, editor.state.doc.content.size);
                  editor.chain().focus().insertContentAt(at, body).run();
                })
                // The client has shown the refusal; the `::word` is gone, nothing else changed.
                .catch(() => undefined);
            },
          })
        : null,
    [enabled],
  );
  return { extension, popup: menu ? createPortal(<CannedReplyList menu={menu} />, document.body) : null };
}

/** The popup under the `::word`, styled as antd's dropdown menus. */
function CannedReplyList({ menu }: { menu: ReplyMenu }) {
  const { t } = useTranslation();
  const valueLabel = useValueLabel();
  const rect = menu.rect;
  const style = rect
    ? { top: Math.min(rect.bottom + 4, window.innerHeight - 48), left: Math.min(rect.left, window.innerWidth - 336) }
    : { display: 'none' };
  return (
    <div className="canned-reply-menu" role="listbox" aria-label={t('richText.cannedReplies.title')} style={style}>
      {menu.items.length === 0 ? (
        <Typography.Text type="secondary" className="canned-reply-empty">
          {t('richText.cannedReplies.none')}
        </Typography.Text>
      ) : (
        menu.items.map((reply, index) => (
          <div
            key={reply.id}
            role="option"
            aria-selected={index === menu.selected}
            className={`canned-reply-item${index === menu.selected ? ' canned-reply-item-active' : ''}`}
            // Keep the focus (and the `::word`) in the editor.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => menu.choose(reply)}
          >
            <span className="canned-reply-name">{reply.name}</span>
            {reply.language !== 'all' && (
              <Tag className="canned-reply-language">{valueLabel('textModuleLanguage', reply.language)}</Tag>
            )}
          </div>
        ))
      )}
      <div className="canned-reply-hint">{t('richText.cannedReplies.hint')}</div>
    </div>
  );
}
