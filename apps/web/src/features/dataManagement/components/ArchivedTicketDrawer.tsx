import { Descriptions, Drawer, Empty, List, Tag, Timeline, Typography } from 'antd';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketArchive } from '@casedesk/shared';
import { formatDateTime } from '../../../platform/format';

const when = (value: string | null) => formatDateTime(value);

/** Rich text kept in the archive, sanitised again before it is put into the page. */
function ArchivedHtml({ html }: { html: string }) {
  const clean = useMemo(
    () => DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'iframe'], FORBID_ATTR: ['style'] }),
    [html],
  );
  return <div className="archived-html" dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** An archived ticket, read-only: its fields, comments, history and the names of its files. */
export function ArchivedTicketDrawer({ ticket, onClose }: { ticket: TicketArchive | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={ticket !== null}
      onClose={onClose}
      size="large"
      title={
        ticket && (
          <span>
            {ticket.caseNumber} · {ticket.subject} <Tag>{t('dataManagement.archive.readOnly')}</Tag>
          </span>
        )
      }
    >
      {ticket && (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('dataManagement.archive.fields.status')}>
              {t(`dataManagement.archive.status.${ticket.status}`, { defaultValue: ticket.status })}
            </Descriptions.Item>
            <Descriptions.Item label={t('dataManagement.archive.fields.priority')}>
              {t(`dataManagement.archive.priority.${ticket.priority}`, { defaultValue: ticket.priority })}
            </Descriptions.Item>
            <Descriptions.Item label={t('dataManagement.archive.fields.project')}>
              {ticket.projectName ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('dataManagement.archive.fields.category')}>
              {ticket.categoryName ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('dataManagement.archive.fields.assignTo')}>
              {ticket.assignToName ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('dataManagement.archive.fields.createdBy')}>
              {ticket.createdByName ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('dataManagement.archive.fields.openDate')}>
              {when(ticket.openDate)}
            </Descriptions.Item>
            <Descriptions.Item label={t('dataManagement.archive.fields.closeDate')}>
              {when(ticket.closeDate)}
            </Descriptions.Item>
            <Descriptions.Item label={t('dataManagement.archive.fields.customer')}>
              {ticket.customer ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('dataManagement.archive.fields.archivedAt')}>
              {when(ticket.archivedAt)}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('dataManagement.archive.content')}
          </Typography.Title>
          <ArchivedHtml html={ticket.content} />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('dataManagement.archive.comments')}
          </Typography.Title>
          {ticket.comments.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <List
              size="small"
              dataSource={ticket.comments}
              renderItem={(c) => (
                <List.Item>
                  <List.Item.Meta
                    title={
                      <span>
                        {c.createdByName ?? '—'} · {when(c.createdAt)}{' '}
                        {c.public && <Tag color="blue">{t('dataManagement.archive.public')}</Tag>}
                      </span>
                    }
                    description={<ArchivedHtml html={c.comment} />}
                  />
                </List.Item>
              )}
            />
          )}
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('dataManagement.archive.history')}
          </Typography.Title>
          <Timeline
            items={ticket.history.map((h) => ({
              content: (
                <span>
                  {when(h.at)} · {h.actorName ?? '—'} · {t(`dataManagement.archive.kind.${h.kind}`)}
                  {h.changes && Object.keys(h.changes).length > 0 && (
                    <Typography.Text type="secondary"> ({Object.keys(h.changes).join(', ')})</Typography.Text>
                  )}
                </span>
              ),
            }))}
          />
          <Typography.Title level={5}>{t('dataManagement.archive.files')}</Typography.Title>
          {ticket.files.length === 0 ? (
            <Typography.Text type="secondary">—</Typography.Text>
          ) : (
            <List size="small" dataSource={ticket.files} renderItem={(f) => <List.Item>{f.name}</List.Item>} />
          )}
        </>
      )}
    </Drawer>
  );
}
