import { useState } from 'react';
import { EyeOutlined, RedoOutlined, SendOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { DatePicker } from '../../../../platform/forms/DatePicker';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { emailDirections, emailStatuses, type EmailListItem, type MailAccount } from '@casedesk/shared';
import { useActionFeedback } from '../../../../platform/crud/failure';
import { ListPage } from '../../../../platform/crud/ListPage';
import { useLookup } from '../../../../platform/crud/resource-api';
import { RowIconButton } from '../../../../platform/crud/RowIconButton';
import { DirectionTag, EmailStatusTag } from '../../../../platform/mail/EmailTags';
import { canSendWith } from '../../../../platform/mail/send-permission';
import { usePermissions } from '../../../../platform/permission';
import { emailApi, useEmailCall } from '../../api';
import { formatDateTime } from '../../../../platform/format';
import { EmailComposer } from '../../components/EmailComposer';
import { EmailView } from '../../components/EmailView';
import { TicketField, type LinkedTicket } from '../../components/TicketField';

type Row = EmailListItem & { id: number };

/**
 * The e-mail list (spec: email list): both directions, filtered by direction, status, dates, ticket, account and
 * text; a failed mail is sent again from its row, a draft edited, sent or deleted. `?view=<id>` opens one mail.
 */
export default function EmailListPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const feedback = useActionFeedback();
  const resend = useEmailCall('Resend');
  const send = useEmailCall('Send');
  const accounts = useLookup<MailAccount>('MailAccount', 'settings:view');
  // `?view=<id>` (a link from a ticket) opens that mail once; the address is left alone, as each address is a tab.
  const [params] = useSearchParams();
  const linked = Number(params.get('view')) || null;
  const [viewing, setViewing] = useState<number | null>(linked);
  const [seenLink, setSeenLink] = useState(linked);
  if (linked !== seenLink) {
    setSeenLink(linked);
    setViewing(linked);
  }
  const [ticket, setTicket] = useState<LinkedTicket | null>(null);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const openView = setViewing;

  return (
    <>
      <ListPage<Row>
        kind="email"
        api={emailApi}
        module="email"
        title={t('email.list.title')}
        searchPlaceholder={t('email.list.search')}
        exportName="emails.xlsx"
        nameOf={(mail) => mail.subject}
        // Only drafts are edited or deleted; whatever was queued or received stays as the record of what happened.
        rowAllows={(mail) => mail.status === 'Draft'}
        actionsWidth={170}
        filters={({ query, setFilter }) => (
          <>
            <Select
              allowClear
              className="email-direction-filter"
              placeholder={t('email.list.allDirections')}
              value={(query.direction as string | undefined) ?? null}
              onChange={(value) => setFilter('direction', value)}
              options={emailDirections.map((d) => ({ value: d, label: t(`mail.direction.${d}`) }))}
              style={{ width: 130 }}
            />
            <Select
              allowClear
              className="email-status-filter"
              placeholder={t('email.list.allStatuses')}
              value={(query.status as string | undefined) ?? null}
              onChange={(value) => setFilter('status', value)}
              options={emailStatuses.map((s) => ({ value: s, label: t(`mail.status.${s}`) }))}
              popupMatchSelectWidth={false}
              style={{ width: 140 }}
            />
            <DatePicker.RangePicker
              className="email-date-filter"
              value={query.from || query.to ? range : null}
              onChange={(value) => {
                setRange(value);
                setFilter('from', value?.[0]?.startOf('day').toISOString());
                setFilter('to', value?.[1]?.endOf('day').toISOString());
              }}
              style={{ width: 250 }}
            />
            {accounts.data && accounts.data.length > 0 && (
              <Select
                allowClear
                className="email-account-filter"
                placeholder={t('email.list.allAccounts')}
                value={(query.accountId as number | undefined) ?? null}
                onChange={(value) => setFilter('accountId', value)}
                options={accounts.data.map((a) => ({ value: a.id, label: a.name }))}
                style={{ width: 160 }}
              />
            )}
            <div style={{ width: 260 }}>
              <TicketField
                className="email-ticket-filter"
                placeholder={t('email.list.anyTicket')}
                value={query.ticketId ? ticket : null}
                onChange={(picked) => {
                  setTicket(picked);
                  setFilter('ticketId', picked?.id);
                }}
              />
            </div>
          </>
        )}
        rowActions={(mail) => (
          <>
            <RowIconButton
              label={t('email.list.view')}
              className="email-row-view"
              icon={<EyeOutlined />}
              onClick={() => openView(mail.id)}
            />
            {mail.status === 'Failed' && canSendWith(has) && (
              <RowIconButton
                label={t('email.list.resend')}
                className="email-row-resend"
                icon={<RedoOutlined />}
                confirm={t('email.list.confirmResend', { subject: mail.subject })}
                onClick={() => resend.mutate({ id: mail.id }, feedback(t('email.list.resent')))}
              />
            )}
            {mail.status === 'Draft' && canSendWith(has) && (
              <RowIconButton
                label={t('email.compose.send')}
                className="email-row-send"
                icon={<SendOutlined />}
                confirm={t('email.list.confirmSend', { subject: mail.subject })}
                onClick={() => send.mutate({ id: mail.id }, feedback(t('email.compose.queued')))}
              />
            )}
          </>
        )}
        columns={[
          {
            key: 'direction',
            dataIndex: 'direction',
            title: t('email.fields.direction'),
            width: 90,
            render: (_: unknown, mail) => <DirectionTag direction={mail.direction} />,
          },
          {
            key: 'subject',
            dataIndex: 'subject',
            title: t('email.fields.subject'),
            render: (subject: string, mail) => (
              <a className="email-subject-link" onClick={() => openView(mail.id)}>
                {subject}
              </a>
            ),
          },
          {
            key: 'party',
            title: t('email.list.party'),
            render: (_: unknown, mail) =>
              mail.direction === 'In' ? (mail.fromName ?? mail.from ?? '—') : mail.to.join(', ') || '—',
          },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('email.fields.status'),
            width: 110,
            render: (_: unknown, mail) => <EmailStatusTag status={mail.status} error={mail.error} />,
          },
          {
            key: 'ticket',
            dataIndex: 'ticketCaseNumber',
            title: t('email.fields.ticket'),
            render: (caseNumber: string | null, mail) =>
              mail.ticketId ? (
                <Link to={`/ticket/info/${mail.ticketId}`}>{caseNumber ?? `#${mail.ticketId}`}</Link>
              ) : (
                '—'
              ),
          },
          {
            key: 'createdAt',
            dataIndex: 'createdAt',
            title: t('email.fields.date'),
            sorter: true,
            render: (_: unknown, mail) => formatDateTime(mail.receivedAt ?? mail.sendDate ?? mail.createdAt),
          },
        ]}
        editor={({ id, onClose }) => <EmailComposer id={id} onClose={onClose} />}
      />
      {viewing !== null && <EmailView id={viewing} onClose={() => openView(null)} />}
    </>
  );
}
