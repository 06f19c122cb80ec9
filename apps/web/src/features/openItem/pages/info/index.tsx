import { useState } from 'react';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Descriptions, List, Row, Skeleton, Space, Typography, Upload } from 'antd';
import { StatusResult } from '../../../../platform/StatusResult';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../../platform/http/client';
import { useConfirmDelete, useServerText } from '../../../../platform/crud/failure';
import { resourceKeys } from '../../../../platform/crud/resource-api';
import { OpenItemEditor } from '../../../../platform/openItem/OpenItemEditor';
import { OpenItemPriorityTag, OpenItemStatusTag } from '../../../../platform/openItem/OpenItemTags';
import { downloadFile, sizeText } from '../../../../platform/upload/files';
import { formatDate } from '../../../../platform/format';
import { openItemApi, uploadOpenItemFiles, useRemoveOpenItemFile, useTaskCategories } from '../../api';

/** `/openItem/info/:id`: one open item, its ticket and related tickets as links, its files, edit and delete. */
export default function OpenItemInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const serverText = useServerText();
  const confirmDelete = useConfirmDelete();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : null;
  const detail = openItemApi.useDetail(validId);
  const remove = openItemApi.useRemove();
  const removeFile = useRemoveOpenItemFile();
  const categories = useTaskCategories();
  const [editing, setEditing] = useState(false);
  const [uploading, setUploading] = useState(false);

  if (detail.isPending && validId) return <Skeleton active className="page-skeleton" />;
  const item = detail.data;
  if (!item)
    return (
      <StatusResult
        status="404"
        title={t('openItem.info.notFound')}
        extra={<Button onClick={() => void navigate('/openItem/list')}>{t('openItem.info.back')}</Button>}
      />
    );
  const f = (key: string) => t(`openItem.fields.${key}`);
  const dash = (v: string | null | undefined) => v || '—';
  const can = (action: 'edit' | 'delete' | 'editFile' | 'deleteFile') => item.actions?.includes(action) ?? false;
  const refresh = () => client.invalidateQueries({ queryKey: resourceKeys('OpenItem').all });

  const upload = async (file: File) => {
    setUploading(true);
    try {
      await uploadOpenItemFiles(item.id, [file]);
      void message.success(t('openItem.info.uploaded'));
      await refresh();
    } catch (error) {
      if (error instanceof ApiError) void message.error(serverText(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="open-item-info-page">
      <Card>
        <Row justify="space-between" align="middle" gutter={[12, 12]}>
          <Col>
            <Space wrap>
              <Link to={`/ticket/info/${item.ticketId}`} className="open-item-ticket-link">
                {item.ticketNumber}
              </Link>
              <Typography.Text type="secondary">#{item.serial}</Typography.Text>
              <OpenItemStatusTag status={item.status} />
              <OpenItemPriorityTag priority={item.priority} />
            </Space>
            <Typography.Title level={4} style={{ margin: '8px 0 0' }} className="open-item-title">
              {item.description}
            </Typography.Title>
          </Col>
          <Col>
            <Space>
              {can('edit') && (
                <Button icon={<EditOutlined />} className="open-item-edit" onClick={() => setEditing(true)}>
                  {t('openItem.info.edit')}
                </Button>
              )}
              {can('delete') && (
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  className="open-item-delete"
                  onClick={() =>
                    modal.confirm({
                      title: t('crud.deleteTitle'),
                      content: t('openItem.info.deleteText', { name: `${item.ticketNumber} #${item.serial}` }),
                      okText: t('crud.delete'),
                      okButtonProps: { danger: true },
                      cancelText: t('common.cancel'),
                      onOk: async () => {
                        try {
                          await remove.mutateAsync(item.id);
                          void message.success(t('crud.deleted'));
                          void navigate(`/ticket/info/${item.ticketId}`);
                        } catch (error) {
                          // Refusals (a Complete item, a configured relation) say why in the spec's words.
                          if (error instanceof ApiError && error.kind === 'http' && error.status !== 403)
                            modal.warning({
                              title: t('crud.deleteRefused'),
                              content: serverText(error),
                              okText: t('common.ok'),
                              className: 'open-item-delete-refused',
                            });
                        }
                      },
                    })
                  }
                >
                  {t('openItem.info.delete')}
                </Button>
              )}
            </Space>
          </Col>
        </Row>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card size="small" title={f('comment')}>
              {item.comment ? (
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} className="open-item-comment-text">
                  {item.comment}
                </Typography.Paragraph>
              ) : (
                <Typography.Text type="secondary">{t('openItem.info.noComment')}</Typography.Text>
              )}
            </Card>
            <Card
              size="small"
              title={t('openItem.info.attachments')}
              extra={
                can('editFile') && (
                  <Upload
                    showUploadList={false}
                    multiple
                    beforeUpload={(file) => {
                      void upload(file);
                      return false;
                    }}
                  >
                    <Button size="small" icon={<UploadOutlined />} loading={uploading} className="open-item-upload">
                      {t('openItem.info.upload')}
                    </Button>
                  </Upload>
                )
              }
            >
              {item.files.length === 0 ? (
                <Typography.Text type="secondary">{t('openItem.info.noAttachments')}</Typography.Text>
              ) : (
                <List
                  size="small"
                  className="open-item-files"
                  dataSource={item.files}
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
                          {t('openItem.info.download')}
                        </Button>,
                        ...(can('deleteFile')
                          ? [
                              <Button
                                key="remove"
                                type="link"
                                danger
                                size="small"
                                icon={<DeleteOutlined />}
                                onClick={() =>
                                  confirmDelete(file.name, () =>
                                    removeFile.mutateAsync({ openItemId: item.id, fileId: file.fileId }),
                                  )
                                }
                              >
                                {t('openItem.info.removeFile')}
                              </Button>,
                            ]
                          : []),
                      ]}
                    >
                      <span>
                        <PaperClipOutlined /> {file.name}{' '}
                        <Typography.Text type="secondary">({sizeText(file.size)})</Typography.Text>
                      </span>
                    </List.Item>
                  )}
                />
              )}
            </Card>
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small" title={t('openItem.info.details')}>
            <Descriptions column={1} size="small" className="open-item-details">
              <Descriptions.Item label={f('ticketNumber')}>
                <Link to={`/ticket/info/${item.ticketId}`}>{item.ticketNumber}</Link>
              </Descriptions.Item>
              <Descriptions.Item label={f('project')}>{dash(item.projectName)}</Descriptions.Item>
              <Descriptions.Item label={f('taskCategory')}>{categories.label(item.taskCategory)}</Descriptions.Item>
              <Descriptions.Item label={f('pointOfContact')}>{dash(item.pointOfContactName)}</Descriptions.Item>
              <Descriptions.Item label={f('openDate')}>{formatDate(item.openDate)}</Descriptions.Item>
              <Descriptions.Item label={f('closeDate')}>{formatDate(item.closeDate?.slice(0, 10))}</Descriptions.Item>
              <Descriptions.Item label={f('approvedDate')}>
                {formatDate(item.approvedDate?.slice(0, 10))}
              </Descriptions.Item>
              <Descriptions.Item label={f('loe')}>
                {item.loe ? t('openItem.panel.hours', { loe: item.loe }) : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={f('relatedTickets')}>
                {item.related.length === 0 ? (
                  '—'
                ) : (
                  <Space orientation="vertical" size={2} className="open-item-related">
                    {item.related.map((r) => (
                      <Link key={r.id} to={`/ticket/info/${r.id}`}>
                        {r.caseNumber} · {r.subject}
                      </Link>
                    ))}
                  </Space>
                )}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
      {editing && <OpenItemEditor id={item.id} onClose={() => setEditing(false)} />}
    </Space>
  );
}
