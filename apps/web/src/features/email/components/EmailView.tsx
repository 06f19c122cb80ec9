import { useState } from 'react';
import {
  BranchesOutlined,
  CloudDownloadOutlined,
  DownloadOutlined,
  PaperClipOutlined,
  RedoOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { App, Alert, Button, Descriptions, Drawer, List, Modal, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActionFeedback } from '../../../platform/crud/failure';
import { DirectionTag, EmailStatusTag } from '../../../platform/mail/EmailTags';
import { MailFrame } from '../../../platform/mail/MailFrame';
import { canSendWith } from '../../../platform/mail/send-permission';
import { usePermissions } from '../../../platform/permission';
import { useRecord } from '../../../platform/pickers/lookups';
import { useLookup } from '../../../platform/crud/resource-api';
import type { MailAccount } from '@casedesk/shared';
import { downloadFile, sizeText } from '../../../platform/upload/files';
import { downloadRaw, emailApi, useEmailCall, useMoveEmail } from '../api';
import { formatDateTime } from '../../../platform/format';
import { threadReasonText } from './thread-reason';
import { TicketField, type LinkedTicket } from './TicketField';

const list = (addresses: string[]) => (addresses.length ? addresses.join(', ') : '—');

/**
 * One e-mail (spec: view email): its headers, the body sanitised in a sandboxed frame, attachments, the ticket,
 * and for incoming mail why it was threaded where it was, with move / split / reprocess / raw download.
 */
export function EmailView({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { has } = usePermissions();
  const detail = emailApi.useDetail(id);
  const feedback = useActionFeedback();
  const split = useEmailCall('Split');
  const reprocess = useEmailCall('Reprocess');
  const resend = useEmailCall('Resend');
  const move = useMoveEmail();
  const [moving, setMoving] = useState(false);
  const [target, setTarget] = useState<LinkedTicket | null>(null);
  const mail = detail.data;
  // The record answers the ticket's id; its case number comes from the ticket itself.
  // An outgoing mail not yet sent names no sender: the account it goes out from does.
  const accounts = useLookup<MailAccount>('MailAccount', 'settings:view');
  const account = accounts.data?.find((a) => a.id === mail?.accountId) ?? accounts.data?.find((a) => a.isDefault);
  const ticket = useRecord<{ caseNumber: string }>('Ticket', 'ticket:view', mail?.ticketId ?? null);
  const canEdit = has('email:edit');

  const actions = mail && (
    <Space wrap>
      {mail.direction === 'In' && canEdit && mail.status !== 'Unreadable' && (
        <Button icon={<SwapOutlined />} className="email-move" onClick={() => setMoving(true)}>
          {t('email.view.move')}
        </Button>
      )}
      {mail.direction === 'In' && canEdit && mail.status !== 'Unreadable' && (
        <Button
          icon={<BranchesOutlined />}
          className="email-split"
          loading={split.isPending}
          onClick={() =>
            modal.confirm({
              title: t('email.view.split'),
              content: t('email.view.confirmSplit'),
              okText: t('common.ok'),
              cancelText: t('common.cancel'),
              onOk: () => split.mutate({ id: mail.id }, feedback(t('email.view.splitDone'))),
            })
          }
        >
          {t('email.view.split')}
        </Button>
      )}
      {mail.status === 'Unreadable' && canEdit && (
        <Button
          icon={<RedoOutlined />}
          className="email-reprocess"
          loading={reprocess.isPending}
          onClick={() => reprocess.mutate({ id: mail.id }, feedback(t('email.view.reprocessDone')))}
        >
          {t('email.view.reprocess')}
        </Button>
      )}
      {mail.status === 'Failed' && canSendWith(has) && (
        <Button
          icon={<RedoOutlined />}
          className="email-resend"
          loading={resend.isPending}
          onClick={() => resend.mutate({ id: mail.id }, feedback(t('email.list.resent')))}
        >
          {t('email.list.resend')}
        </Button>
      )}
      {mail.direction === 'In' && (
        <Button icon={<CloudDownloadOutlined />} className="email-raw" onClick={() => void downloadRaw(mail.id)}>
          {t('email.view.raw')}
        </Button>
      )}
    </Space>
  );

  const reason = mail ? threadReasonText(t, mail.threadReason, mail.threadDetail) : null;
  const files = mail
    ? mail.attachments.map((fileId) => mail.files?.find((f) => f.fileId === fileId) ?? { fileId, name: '', size: 0 })
    : [];

  return (
    <Drawer
      open
      destroyOnHidden
      size={900}
      title={t('email.view.title')}
      onClose={onClose}
      className="email-view"
      extra={actions}
    >
      {detail.isError && !detail.data ? (
        <Alert type="error" showIcon title={t('crud.loadFailed')} />
      ) : !mail ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Title level={5} style={{ margin: 0 }} className="email-view-subject">
            {mail.subject}
          </Typography.Title>
          <Space size={4}>
            <DirectionTag direction={mail.direction} />
            <EmailStatusTag status={mail.status} error={mail.error} />
          </Space>
          {mail.error && <Alert type="error" showIcon title={mail.error} className="email-view-error" />}
          {reason && (
            <Alert
              type="info"
              showIcon
              title={t('email.view.threadReason')}
              description={reason}
              className="email-thread-reason"
            />
          )}
          <Descriptions column={1} size="small" bordered className="email-headers">
            <Descriptions.Item label={t('email.fields.from')}>
              {mail.from
                ? mail.fromName
                  ? `${mail.fromName} <${mail.from}>`
                  : mail.from
                : mail.direction === 'Out' && account
                  ? account.displayName
                    ? `${account.displayName} <${account.address}>`
                    : account.address
                  : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('email.fields.to')}>{list(mail.to)}</Descriptions.Item>
            {mail.cc.length > 0 && <Descriptions.Item label={t('email.fields.cc')}>{list(mail.cc)}</Descriptions.Item>}
            {mail.bcc.length > 0 && (
              <Descriptions.Item label={t('email.fields.bcc')}>{list(mail.bcc)}</Descriptions.Item>
            )}
            <Descriptions.Item label={t('email.fields.date')}>
              {formatDateTime(mail.receivedAt ?? mail.sendDate ?? mail.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('email.fields.messageId')}>
              <Typography.Text code copyable={Boolean(mail.messageId)}>
                {mail.messageId ?? '—'}
              </Typography.Text>
            </Descriptions.Item>
            {mail.inReplyTo && (
              <Descriptions.Item label={t('email.fields.inReplyTo')}>
                <Typography.Text code>{mail.inReplyTo}</Typography.Text>
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('email.fields.ticket')}>
              {mail.ticketId ? (
                <Link to={`/ticket/info/${mail.ticketId}`} className="email-ticket-link">
                  {mail.ticketCaseNumber ?? ticket.data?.caseNumber ?? `#${mail.ticketId}`}
                </Link>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            {mail.direction === 'Out' && (
              <Descriptions.Item label={t('email.fields.attempts')}>{mail.attempts}</Descriptions.Item>
            )}
          </Descriptions>
          <MailFrame html={mail.body} title={t('email.fields.body')} className="email-view-body" />
          {files.length > 0 && (
            <List
              size="small"
              header={t('email.fields.attachments')}
              className="email-attachments"
              dataSource={files}
              renderItem={(file, index) => (
                <List.Item
                  actions={[
                    <Button
                      key="download"
                      type="link"
                      size="small"
                      icon={<DownloadOutlined />}
                      onClick={() => void downloadFile(file.fileId, file.name || undefined)}
                    >
                      {t('email.view.download')}
                    </Button>,
                  ]}
                >
                  <span>
                    <PaperClipOutlined /> {file.name || t('email.view.attachmentN', { n: index + 1 })}{' '}
                    {file.size > 0 && <Typography.Text type="secondary">({sizeText(file.size)})</Typography.Text>}
                  </span>
                </List.Item>
              )}
            />
          )}
        </Space>
      )}
      <Modal
        open={moving}
        title={t('email.view.move')}
        okText={t('email.view.move')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: !target, loading: move.isPending, className: 'email-move-ok' }}
        onCancel={() => setMoving(false)}
        onOk={() => {
          if (!mail || !target) return;
          move.mutate(
            { id: mail.id, ticketId: target.id },
            {
              ...feedback(t('email.view.moved', { caseNumber: target.caseNumber })),
              onSettled: () => setMoving(false),
            },
          );
        }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('email.view.moveHint')}</Typography.Paragraph>
        <TicketField
          value={target}
          onChange={setTarget}
          className="email-move-ticket"
          placeholder={t('email.ticket.none')}
        />
      </Modal>
    </Drawer>
  );
}
