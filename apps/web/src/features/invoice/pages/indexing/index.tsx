import { useState } from 'react';
import { DeleteOutlined, EditOutlined, InboxOutlined, UnlockOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Space, Table, Tag, Tooltip, Typography, Upload } from 'antd';
import type { RcFile } from 'antd/es/upload';
import { useTranslation } from 'react-i18next';
import { indexClaimMinutes, maxUploadFiles, type IndexQueueItem } from '@casedesk/shared';
import { useActionFeedback, useConfirmDelete, useServerText } from '../../../../platform/crud/failure';
import { useResourceList } from '../../../../platform/crud/use-resource-list';
import { useSession } from '../../../../platform/auth-store';
import { ApiError } from '../../../../platform/http/client';
import { sizeText } from '../../../../platform/upload/files';
import { CaptureView } from './components/CaptureView';
import { useIndexClaim, useIndexDelete, useIndexQueue, useIndexRelease, useIndexUpload } from './indexing-api';
import { formatDateTime } from '../../../../platform/format';

type QueuePage = { page: number; pageSize: number };
const indexQueue = { useList: useIndexQueue };

const accept = '.pdf,.png,.jpg,.jpeg,.tif,.tiff,.webp,application/pdf,image/png,image/jpeg,image/tiff,image/webp';

/**
 * Indexing (`/invoice/indexing`, `invoice:index`): drop invoice documents (many at once), pick one from the queue
 * (claiming locks it to you), key it in next to the document with the fields its text proposes, finish it.
 */
export default function InvoiceIndexingPage() {
  const { t } = useTranslation();
  const { modal, message, notification } = App.useApp();
  const text = useServerText();
  const me = useSession().userInfo?.userId ?? null;
  const queue = useResourceList<IndexQueueItem, QueuePage>(indexQueue, { start: { page: 1, pageSize: 20 } });
  const upload = useIndexUpload();
  const claim = useIndexClaim();
  const release = useIndexRelease();
  const remove = useIndexDelete();
  const confirmDelete = useConfirmDelete();
  const actionFeedback = useActionFeedback();
  const [open, setOpen] = useState<number | null>(null);

  const beforeUpload = (file: RcFile, batch: RcFile[]) => {
    // One request for the whole drop: start it with the first file, ignore the rest individually.
    if (file !== batch[0]) return Upload.LIST_IGNORE;
    if (batch.length > maxUploadFiles) {
      message.warning(t('invoice.indexing.upload.tooMany', { count: batch.length, max: maxUploadFiles }));
      return Upload.LIST_IGNORE;
    }
    upload.mutate(batch, {
      onSuccess: (items) => void message.success(t('invoice.indexing.upload.done', { count: items.length })),
      onError: (error) =>
        notification.error({
          title: t('invoice.indexing.upload.failed'),
          description: error instanceof ApiError ? text(error) : String(error),
        }),
    });
    return Upload.LIST_IGNORE;
  };

  const openDocument = (item: IndexQueueItem) =>
    claim.mutate(item.id, {
      onSuccess: () => setOpen(item.id),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409)
          modal.warning({ title: t('invoice.indexing.queue.locked'), content: text(error), okText: t('common.ok') });
      },
    });

  if (open !== null) return <CaptureView id={open} onClose={() => setOpen(null)} />;

  const heldByOther = (item: IndexQueueItem) => item.claimedBy !== null && item.claimedBy !== me && !item.claimExpired;
  const stateTag = (item: IndexQueueItem) => {
    if (item.hasProposals) return <Tag color="green">{t('invoice.indexing.read.proposals')}</Tag>;
    if (item.error)
      return (
        <Tag color={item.error === 'image' ? 'default' : 'orange'}>{t(`invoice.indexing.read.${item.error}`)}</Tag>
      );
    return <Tag>{t('invoice.indexing.read.pending')}</Tag>;
  };

  return (
    <Flex vertical gap={16} className="invoice-indexing">
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('invoice.indexing.title')}
        </Typography.Title>
        <Upload.Dragger
          multiple
          accept={accept}
          showUploadList={false}
          beforeUpload={beforeUpload}
          disabled={upload.isPending}
          data-testid="index-upload"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">
            {upload.isPending ? t('invoice.indexing.upload.busy') : t('invoice.indexing.upload.drop')}
          </p>
          <p className="ant-upload-hint">{t('invoice.indexing.upload.hint', { max: maxUploadFiles })}</p>
        </Upload.Dragger>
      </Card>
      <Card title={t('invoice.indexing.queue.title', { count: queue.total })}>
        <Table<IndexQueueItem>
          rowKey="id"
          size="middle"
          loading={queue.list.isFetching && !queue.list.data}
          dataSource={queue.items}
          // The queue's pager as it always was: no page sizes to choose, no total beside it (the card's title says it).
          pagination={queue.pager}
          onChange={queue.onTableChange}
          scroll={{ x: 900 }}
          columns={[
            {
              key: 'file',
              title: t('invoice.indexing.queue.document'),
              render: (_, item) => (
                <Space direction="vertical" size={0}>
                  <Typography.Text strong>{item.file?.name ?? '—'}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {item.file ? sizeText(item.file.size) : ''}
                    {item.pages ? ` · ${t('invoice.indexing.queue.pages', { count: item.pages })}` : ''}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              key: 'uploaded',
              title: t('invoice.indexing.queue.uploaded'),
              width: 200,
              render: (_, item) => (
                <Space direction="vertical" size={0}>
                  <span>{formatDateTime(item.createdAt)}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {item.createdByName ?? ''}
                  </Typography.Text>
                </Space>
              ),
            },
            { key: 'read', title: t('invoice.indexing.queue.read'), width: 170, render: (_, item) => stateTag(item) },
            {
              key: 'holder',
              title: t('invoice.indexing.queue.holder'),
              width: 220,
              render: (_, item) =>
                item.claimedBy === null ? (
                  <Typography.Text type="secondary">{t('invoice.indexing.queue.free')}</Typography.Text>
                ) : (
                  <Tooltip
                    title={
                      item.claimExpired
                        ? t('invoice.indexing.queue.lapsedHint', { minutes: indexClaimMinutes })
                        : t('invoice.indexing.queue.since', { time: formatDateTime(item.claimedAt) })
                    }
                  >
                    <Tag color={item.claimedBy === me ? 'blue' : item.claimExpired ? 'default' : 'red'}>
                      {item.claimedBy === me ? t('invoice.indexing.queue.you') : item.claimedByName}
                      {item.claimExpired ? ` · ${t('invoice.indexing.queue.lapsed')}` : ''}
                    </Tag>
                  </Tooltip>
                ),
            },
            {
              key: 'actions',
              title: t('invoice.indexing.queue.actions'),
              width: 260,
              fixed: 'right',
              render: (_, item) => (
                <Space>
                  <Button
                    type="primary"
                    size="small"
                    icon={<EditOutlined />}
                    disabled={heldByOther(item)}
                    loading={claim.isPending && claim.variables === item.id}
                    onClick={() => openDocument(item)}
                  >
                    {item.claimedBy === me && !item.claimExpired
                      ? t('invoice.indexing.queue.continue')
                      : t('invoice.indexing.queue.claim')}
                  </Button>
                  {item.claimedBy === me && (
                    <Button
                      size="small"
                      icon={<UnlockOutlined />}
                      onClick={() => release.mutate(item.id, actionFeedback(t('invoice.indexing.released')))}
                    >
                      {t('invoice.indexing.release')}
                    </Button>
                  )}
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={heldByOther(item)}
                    aria-label={t('invoice.indexing.delete')}
                    onClick={() => confirmDelete(item.file?.name ?? `#${item.id}`, () => remove.mutateAsync(item.id))}
                  />
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
