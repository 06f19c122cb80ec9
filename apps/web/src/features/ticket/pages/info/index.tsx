import { useState } from 'react';
import { DownloadOutlined, EditOutlined, LockOutlined, MailOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Descriptions, List, Row, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { StatusResult } from '../../../../platform/StatusResult';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { CustomValues, TicketStatus } from '@casedesk/shared';
import { downloadFile, useTicketScreen, useTicketTimeline } from '../../api';
import { sizeText } from '../../../../platform/upload/files';
import { CommentBox } from '../../components/CommentBox';
import { formatDateTime } from '../../../../platform/format';
import { SafeHtml } from '../../components/SafeHtml';
import { SlaPanel } from '../../components/SlaPanel';
import { StatusControl } from '../../components/StatusControl';
import { PriorityTag, StatusTag } from '../../components/TicketTags';
import { TicketCustomFieldsCard } from '../../components/TicketCustomFieldsCard';
import { TicketTagsCard } from '../../components/TicketTagsCard';
import { TicketTimeline } from '../../components/TicketTimeline';
import { WatchersCard } from '../../components/WatchersCard';
import '../../components/ticket.css';
import { ReplyComposer } from '../../components/ReplyComposer';
import { TicketEmails } from '../../components/TicketEmails';
import { canSendWith } from '../../../../platform/mail/send-permission';
import { usePermissions } from '../../../../platform/permission';
import { ApprovalPanel } from '../../../../platform/approval/ApprovalPanel';
import { OpenItemPanel } from '../../../../platform/openItem/OpenItemPanel';
import { useDictionaryItems } from '../../../../platform/labels/dictionary-labels';
import { MacroButton } from '../../../../platform/macro/MacroButton';
import { MergedBanner, MergeSplitButtons } from '../../components/TicketMerge';
import { TicketShortcuts } from './TicketShortcuts';
import { TicketPresence } from '../../components/TicketPresence';
import { useTicketChanged, useTicketPresence, useTyping } from '../../components/use-ticket-live';

/** Ticket details (spec section 2): the record, its content and files, status changes, comments and history. */
export default function TicketInfoPage() {
  const { t } = useTranslation();
  const businessUnits = useDictionaryItems('businessUnit');
  const ticketTypes = useDictionaryItems('ticketType');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : 0;
  // One request for the record and its timeline; the timeline alone is reloaded after a comment.
  const detail = useTicketScreen(validId);
  const history = useTicketTimeline(validId, detail);
  const { has } = usePermissions();
  const [replying, setReplying] = useState(false);
  const commenting = useTyping();
  const editing = replying || commenting.typing;
  const others = useTicketPresence(validId, editing);
  // A change by someone else is read again at once, unless the user is writing: then a newer version is offered
  // (a comment, same version, only adds to the timeline and is read at once; what the user types stays either way).
  const [changedMeanwhile, setChangedMeanwhile] = useState(false);
  useTicketChanged(validId, (rowVersion) => {
    if (editing && detail.data && rowVersion > detail.data.rowVersion) setChangedMeanwhile(true);
    else void detail.refetch();
  });

  if (detail.isPending && validId) return <Skeleton active className="page-skeleton" />;
  const ticket = detail.data;
  if (!ticket)
    return (
      <StatusResult
        status="404"
        title={t('ticket.info.notFound')}
        extra={<Button onClick={() => void navigate('/ticket/list')}>{t('ticket.info.back')}</Button>}
      />
    );

  const dash = (value: string | null | undefined) => value || '—';
  const reload = () => {
    setChangedMeanwhile(false);
    void detail.refetch(); // brings the timeline too
  };

  return (
    <Space orientation="vertical" size={16} className="ticket-page ticket-info-page">
      <MergedBanner ticket={ticket} onReload={reload} />
      <Card className="ticket-info-header">
        <div className="ticket-info-heading">
          <div>
            <div className="ticket-header-title">
              <Typography.Text copyable className="ticket-case-number" data-testid="case-number">
                {ticket.caseNumber}
              </Typography.Text>
              <StatusTag status={ticket.status} />
              <PriorityTag priority={ticket.priority} />
              {ticket.privateTicket && (
                <Tag icon={<LockOutlined />} color="gold">
                  {t('ticket.fields.privateTicket')}
                </Tag>
              )}
            </div>
            <Typography.Title level={4} className="ticket-info-subject">
              {ticket.subject}
            </Typography.Title>
            <TicketPresence users={others} />
          </div>
          <Space wrap>
            {ticket.actions.includes('comment') && canSendWith(has) && (
              <Button icon={<MailOutlined />} className="ticket-reply-email" onClick={() => setReplying(true)}>
                {t('ticket.reply.action')}
              </Button>
            )}
            {ticket.actions.includes('changeStatus') && <StatusControl ticket={ticket} onReload={reload} />}
            {ticket.actions.includes('edit') && has('macro:view') && (
              <MacroButton ticketId={ticket.id} onApplied={reload} />
            )}
            <MergeSplitButtons ticket={ticket} comments={history.data ?? []} onReload={reload} />
            {ticket.actions.includes('edit') && (
              <Button
                icon={<EditOutlined />}
                onClick={() =>
                  void navigate(`/ticket/edit/${ticket.id}?caseNumber=${encodeURIComponent(ticket.caseNumber)}`)
                }
              >
                {t('ticket.info.edit')}
              </Button>
            )}
          </Space>
        </div>
      </Card>

      {changedMeanwhile && (
        <Alert
          className="ticket-changed-banner"
          type="warning"
          showIcon
          title={t('ticket.live.changedTitle')}
          description={t('ticket.live.commentKept')}
          action={
            <Button size="small" type="primary" onClick={reload}>
              {t('ticket.live.load')}
            </Button>
          }
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title={t('ticket.info.content')} size="small">
              {ticket.content ? (
                <SafeHtml html={ticket.content} className="ticket-content" />
              ) : (
                <Typography.Text type="secondary">{t('ticket.info.noContent')}</Typography.Text>
              )}
            </Card>
            <Card title={t('ticket.info.attachments')} size="small">
              {ticket.files.length === 0 ? (
                <Typography.Text type="secondary">{t('ticket.info.noAttachments')}</Typography.Text>
              ) : (
                <List
                  size="small"
                  className="ticket-file-list"
                  dataSource={ticket.files}
                  renderItem={(file) => (
                    <List.Item
                      actions={[
                        <Button
                          key="download"
                          type="link"
                          size="small"
                          icon={<DownloadOutlined />}
                          onClick={() => void downloadFile(file.fileId, file.name)}
                        >
                          {t('ticket.upload.download')}
                        </Button>,
                      ]}
                    >
                      <span className="ticket-attachment-name">
                        <PaperClipOutlined /> {file.name}{' '}
                        <Typography.Text type="secondary">
                          ({sizeText(file.size)} · {formatDateTime(file.createdAt)})
                        </Typography.Text>
                      </span>
                    </List.Item>
                  )}
                />
              )}
            </Card>
            <OpenItemPanel
              ticketId={ticket.id}
              ticketOpen={!['Closed', 'Cancelled', 'Merged'].includes(ticket.status)}
            />
            <Card title={t('ticket.timeline.title')} size="small" className="ticket-activity">
              {ticket.actions.includes('comment') && (
                <div style={{ marginBottom: 20 }}>
                  <CommentBox
                    ticketId={ticket.id}
                    onTyping={(typing) => (typing ? commenting.touch() : commenting.done())}
                  />
                </div>
              )}
              {history.isPending ? <Skeleton active /> : <TicketTimeline entries={history.data ?? []} />}
            </Card>
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <ApprovalPanel businessType="Ticket" businessId={ticket.id} />
            <SlaPanel sla={ticket.sla} holds={ticket.slaHolds} />
            <TicketCustomFieldsCard values={ticket.customFields as CustomValues} />
            <TicketTagsCard ticket={ticket} onReload={reload} />
            <WatchersCard ticket={ticket} />
            <Card title={t('ticket.info.details')} size="small">
              <Descriptions column={1} size="small" className="ticket-details">
                <Descriptions.Item label={t('ticket.fields.projectId')}>{dash(ticket.projectName)}</Descriptions.Item>
                <Descriptions.Item label={t('ticket.fields.categoryId')}>{dash(ticket.categoryName)}</Descriptions.Item>
                <Descriptions.Item label={t('ticket.fields.companyId')}>{dash(ticket.companyName)}</Descriptions.Item>
                <Descriptions.Item label={t('ticket.fields.businessUnit')}>
                  {businessUnits.label(ticket.businessUnit)}
                </Descriptions.Item>
                <Descriptions.Item label={t('ticket.fields.assignTo')}>{dash(ticket.assignToName)}</Descriptions.Item>
                {ticket.delegateTo !== null && (
                  <Descriptions.Item label={t('ticket.fields.delegateTo')}>
                    {dash(ticket.delegateToName)}
                  </Descriptions.Item>
                )}
                <Descriptions.Item label={t('ticket.fields.ticketType')}>
                  {ticketTypes.label(ticket.ticketType)}
                </Descriptions.Item>
                <Descriptions.Item label={t('ticket.fields.ticketFrom')}>
                  {t(`ticket.from.${ticket.ticketFrom}`)}
                </Descriptions.Item>
                <Descriptions.Item label={t('ticket.fields.customer')}>{dash(ticket.customer)}</Descriptions.Item>
                <Descriptions.Item label={t('ticket.fields.customerEmail')}>
                  {ticket.customerEmail ? <a href={`mailto:${ticket.customerEmail}`}>{ticket.customerEmail}</a> : '—'}
                </Descriptions.Item>
                <Descriptions.Item label={t('ticket.fields.telephone')}>{dash(ticket.telephone)}</Descriptions.Item>
                <Descriptions.Item label={t('ticket.fields.openDate')}>
                  {formatDateTime(ticket.openDate)}
                </Descriptions.Item>
                <Descriptions.Item label={t('ticket.fields.dueDate')}>
                  {formatDateTime(ticket.dueDate)}
                </Descriptions.Item>
                <Descriptions.Item label={t('ticket.fields.closeDate')}>
                  {formatDateTime(ticket.closeDate)}
                </Descriptions.Item>
                <Descriptions.Item label={t('ticket.fields.scheduledDate')}>
                  {formatDateTime(ticket.scheduledDate)}
                </Descriptions.Item>
                <Descriptions.Item label={t('ticket.fields.createdBy')}>{dash(ticket.createdByName)}</Descriptions.Item>
                <Descriptions.Item label={t('ticket.fields.solvedBy')}>{dash(ticket.solvedByName)}</Descriptions.Item>
                <Descriptions.Item label={t('ticket.fields.modifiedAt')}>
                  {formatDateTime(ticket.modifiedAt)}
                </Descriptions.Item>
                <Descriptions.Item label={t('ticket.fields.privateTicket')}>
                  {ticket.privateTicket ? t('ticket.info.yes') : t('ticket.info.no')}
                </Descriptions.Item>
                {ticket.privateTicket && (
                  <Descriptions.Item label={t('ticket.info.grantedUsers')}>
                    {ticket.grantAccessUsers.length ? ticket.grantAccessUsers.map((u) => u.name).join(', ') : '—'}
                  </Descriptions.Item>
                )}
              </Descriptions>
            </Card>
            <TicketEmails ticketId={ticket.id} />
            <Card title={t('ticket.info.links')} size="small" className="ticket-links">
              {!ticket.parent && ticket.children.length === 0 ? (
                <Typography.Text type="secondary">{t('ticket.info.noLinks')}</Typography.Text>
              ) : (
                <Descriptions column={1} size="small">
                  {ticket.parent && (
                    <Descriptions.Item label={t('ticket.info.parent')}>
                      <Tooltip title={ticket.parent.subject}>
                        <Link to={`/ticket/info/${ticket.parent.id}`}>{ticket.parent.caseNumber}</Link>
                      </Tooltip>
                    </Descriptions.Item>
                  )}
                  {ticket.children.length > 0 && (
                    <Descriptions.Item label={t('ticket.info.children')}>
                      <Space orientation="vertical" size={2}>
                        {ticket.children.map((child) => (
                          <Space key={child.id} size={4}>
                            <Link to={`/ticket/info/${child.id}`}>{child.caseNumber}</Link>
                            <StatusTag status={child.status as TicketStatus} />
                          </Space>
                        ))}
                      </Space>
                    </Descriptions.Item>
                  )}
                </Descriptions>
              )}
            </Card>
          </Space>
        </Col>
      </Row>
      <TicketShortcuts
        ticket={ticket}
        canReply={ticket.actions.includes('comment') && canSendWith(has)}
        onReply={() => setReplying(true)}
        onReload={reload}
      />
      {replying && (
        <ReplyComposer ticketId={ticket.id} customerEmail={ticket.customerEmail} onClose={() => setReplying(false)} />
      )}
    </Space>
  );
}
