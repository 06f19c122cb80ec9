import { useState } from 'react';
import { CommentOutlined, EditOutlined, PlusCircleOutlined } from '@ant-design/icons';
import { Empty, Segmented, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketTimelineEntry } from '@casedesk/shared';
import { formatDateTime } from '../../../platform/format';
import { SafeHtml } from './SafeHtml';

type Change = TicketTimelineEntry['changes'][number];

const dateFields = new Set(['openDate', 'closeDate', 'dueDate', 'scheduledDate']);

/** One side of a change in words: names for ids, labels for statuses and priorities, dates in the locale. */
function useValueText() {
  const { t } = useTranslation();
  return (change: Change, side: 'from' | 'to'): string => {
    const value = change[side];
    const label = side === 'from' ? change.fromLabel : change.toLabel;
    if (label) return label;
    if (value === null || value === undefined || value === '') return t('ticket.timeline.empty');
    if (change.field === 'status' && typeof value === 'string') return t(`ticket.status.${value}`);
    if (change.field === 'priority' && typeof value === 'string') return t(`ticket.priority.${value}`);
    if (change.field === 'ticketFrom' && typeof value === 'string') return t(`ticket.from.${value}`);
    if (change.field === 'slaBreached' && typeof value === 'string') return t(`values.slaTarget.${value}`);
    if (typeof value === 'boolean') return value ? t('ticket.info.yes') : t('ticket.info.no');
    if (dateFields.has(change.field) && typeof value === 'string') return formatDateTime(value);
    if (Array.isArray(value))
      return change.field === 'attachments'
        ? t('ticket.timeline.files', { count: value.length })
        : change.field === 'grantAccess'
          ? t('ticket.timeline.users', { count: value.length })
          : value.join(', ');
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
}

function ChangeList({ changes }: { changes: Change[] }) {
  const { t } = useTranslation();
  const valueText = useValueText();
  return (
    <ul className="ticket-change-list">
      {changes.map((change) => (
        <li key={change.field} className={`ticket-change ticket-change-${change.field}`}>
          <Typography.Text strong>{t(`ticket.fields.${change.field}`, { defaultValue: change.field })}</Typography.Text>
          {t('values.colon')}
          {change.field === 'content' ? (
            t('ticket.timeline.contentChanged')
          ) : (
            <>
              {change.from !== null && change.from !== undefined && (
                <>
                  <span className="ticket-change-from">{valueText(change, 'from')}</span> →{' '}
                </>
              )}
              <span className="ticket-change-to">{valueText(change, 'to')}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Every change and every comment of a ticket (spec section 2, info); internal comments stand out. */
export function TicketTimeline({ entries }: { entries: TicketTimelineEntry[] }) {
  const { t } = useTranslation();
  const [order, setOrder] = useState<'newest' | 'oldest'>('newest');
  const sorted = order === 'newest' ? [...entries].reverse() : entries;
  if (entries.length === 0) return <Empty description={t('ticket.timeline.nothing')} />;

  return (
    <div className="ticket-timeline">
      <Segmented<'newest' | 'oldest'>
        size="small"
        value={order}
        onChange={(value) => setOrder(value)}
        options={[
          { value: 'newest', label: t('ticket.timeline.newestFirst') },
          { value: 'oldest', label: t('ticket.timeline.oldestFirst') },
        ]}
        style={{ marginBottom: 16 }}
      />
      <Timeline
        items={sorted.map((entry) => {
          const name = entry.actorName ?? t('ticket.timeline.someone');
          const isComment = entry.kind === 'comment';
          const internal = isComment && entry.public !== true;
          return {
            key: entry.id,
            color: isComment ? (internal ? 'orange' : 'green') : entry.kind === 'created' ? 'blue' : 'gray',
            icon: isComment ? (
              <CommentOutlined />
            ) : entry.kind === 'created' ? (
              <PlusCircleOutlined />
            ) : (
              <EditOutlined />
            ),
            content: (
              <div
                className={`ticket-timeline-entry ticket-entry-${entry.kind}${
                  isComment ? (internal ? ' is-internal' : ' is-public') : ''
                }`}
                data-testid="timeline-entry"
              >
                <div>
                  <Typography.Text strong>
                    {entry.kind === 'created'
                      ? t('ticket.timeline.created', { name })
                      : isComment
                        ? t('ticket.timeline.commented', { name })
                        : t('ticket.timeline.changed', { name })}
                  </Typography.Text>{' '}
                  {isComment && (
                    <Tag color={internal ? 'orange' : 'green'} className="ticket-comment-kind">
                      {internal ? t('ticket.comment.internal') : t('ticket.comment.public')}
                    </Tag>
                  )}
                  <span className="ticket-timeline-meta">{formatDateTime(entry.at)}</span>
                </div>
                {entry.changes.length > 0 && <ChangeList changes={entry.changes} />}
                {isComment && (
                  <div className={`ticket-timeline-comment ${internal ? 'is-internal' : 'is-public'}`}>
                    <SafeHtml html={entry.comment ?? ''} />
                  </div>
                )}
              </div>
            ),
          };
        })}
      />
    </div>
  );
}
