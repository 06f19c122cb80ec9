import { useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MentionCandidate } from '@casedesk/shared';
import { http } from '../http/client';
import { usePermissions } from '../permission';
import { mentions, type MentionMenu } from './mentions';

/**
 * `@` mentions in a ticket's comment editor: the colleagues who may see the ticket (asked of the server as the word
 * is typed) and the popup. Without a ticket, or without `ticket:edit` (who may comment), there is no extension.
 */
export function useMentions(ticketId: number | undefined) {
  const { has } = usePermissions();
  const enabled = ticketId !== undefined && has('ticket:edit');
  const [menu, setMenu] = useState<MentionMenu | null>(null);
  const extension = useMemo(
    () =>
      enabled
        ? mentions({
            items: (keyword) =>
              http
                .post<MentionCandidate[]>('/api/Ticket/MentionCandidates', { id: ticketId, keyword }, { quiet: true })
                // A refused list offers nobody; the typed text stays as it is.
                .catch(() => []),
            show: setMenu,
          })
        : null,
    [enabled, ticketId],
  );
  return { extension, popup: menu ? createPortal(<MentionList menu={menu} />, document.body) : null };
}

/** The popup under the `@word`, styled as the canned replies' list. */
function MentionList({ menu }: { menu: MentionMenu }) {
  const { t } = useTranslation();
  const rect = menu.rect;
  const style = rect
    ? { top: Math.min(rect.bottom + 4, window.innerHeight - 48), left: Math.min(rect.left, window.innerWidth - 336) }
    : { display: 'none' };
  return (
    <div
      className="canned-reply-menu mention-menu"
      role="listbox"
      aria-label={t('richText.mentions.title')}
      style={style}
    >
      {menu.items.length === 0 ? (
        <Typography.Text type="secondary" className="canned-reply-empty">
          {t('richText.mentions.none')}
        </Typography.Text>
      ) : (
        menu.items.map((person, index) => (
          <div
            key={person.id}
            role="option"
            aria-selected={index === menu.selected}
            className={`canned-reply-item${index === menu.selected ? ' canned-reply-item-active' : ''}`}
            // Keep the focus (and the `@word`) in the editor.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => menu.choose(person)}
          >
            <span className="canned-reply-name">{person.name}</span>
            <Typography.Text type="secondary" className="mention-login">
              @{person.loginName}
            </Typography.Text>
          </div>
        ))
      )}
      <div className="canned-reply-hint">{t('richText.mentions.hint')}</div>
    </div>
  );
}
