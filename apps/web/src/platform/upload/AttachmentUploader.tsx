import { useRef, useState } from 'react';
import { DeleteOutlined, DownloadOutlined, InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import { App, Button, List, Progress, Typography, Upload } from 'antd';
import type { RcFile } from 'antd/es/upload';
import { useTranslation } from 'react-i18next';
import { maxUploadFiles } from '@casedesk/shared';
import { feedback } from '../feedback';
import { ApiError } from '../http/client';
import { usePublicSettings } from '../public-settings';
import { downloadFile, sizeText, uploadFiles } from './files';
import { translateServerMessage } from '../server-messages';

export type Attachment = { fileId: number; name: string; size: number };
type Pending = { uid: string; name: string };

/**
 * Attachments by drag and drop (spec section 5): at most 10 files per drop, each within Settings → Upload's size
 * limit, with the spec's warnings; removing one asks first. An antd Form control whose value is the attached files.
 */
export function AttachmentUploader({
  value = [],
  onChange,
  onBusyChange,
}: {
  value?: Attachment[];
  onChange?: (files: Attachment[]) => void;
  onBusyChange?: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const { modal, notification } = App.useApp();
  const { maxUploadSizeMb } = usePublicSettings();
  const [pending, setPending] = useState<Pending[]>([]);
  const latest = useRef(value);
  latest.current = value;
  const warnedBatch = useRef<RcFile[] | null>(null);

  const setBusy = (next: Pending[]) => {
    setPending(next);
    onBusyChange?.(next.length > 0);
  };
  const pendingRef = useRef<Pending[]>([]);
  const updatePending = (change: (list: Pending[]) => Pending[]) => {
    pendingRef.current = change(pendingRef.current);
    setBusy(pendingRef.current);
  };

  const beforeUpload = (file: RcFile, batch: RcFile[]) => {
    if (batch.length > maxUploadFiles) {
      // One warning per drop, not one per file.
      if (warnedBatch.current !== batch) {
        warnedBatch.current = batch;
        feedback.warning(t('attachments.tooMany', { count: batch.length }));
      }
      return Upload.LIST_IGNORE;
    }
    if (file.size > maxUploadSizeMb * 1024 * 1024) {
      feedback.warning(t('attachments.fileTooLarge', { size: maxUploadSizeMb }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const upload = async (file: RcFile) => {
    updatePending((list) => [...list, { uid: file.uid, name: file.name }]);
    try {
      const [saved] = await uploadFiles([file]);
      if (saved) {
        // Uploads finish one after another before the form re-renders: build on the newest list, not the prop.
        latest.current = [...latest.current, { fileId: saved.fileId, name: saved.name, size: saved.size }];
        onChange?.(latest.current);
      }
    } catch (error) {
      notification.error({
        title: t('attachments.failed'),
        description: `${file.name}: ${
          error instanceof ApiError ? translateServerMessage(error) : t('attachments.unknownError')
        }`,
      });
    } finally {
      updatePending((list) => list.filter((p) => p.uid !== file.uid));
    }
  };

  const remove = (file: Attachment) =>
    modal.confirm({
      title: t('attachments.removeTitle'),
      content: t('attachments.removeText', { name: file.name }),
      okButtonProps: { danger: true },
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => {
        latest.current = latest.current.filter((f) => f.fileId !== file.fileId);
        onChange?.(latest.current);
      },
    });

  return (
    <div className="ticket-attachments">
      <Upload.Dragger
        multiple
        showUploadList={false}
        beforeUpload={beforeUpload}
        customRequest={({ file }) => void upload(file as RcFile)}
        className="ticket-dropzone"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('attachments.drop')}</p>
        <p className="ant-upload-hint">{t('attachments.hint')}</p>
      </Upload.Dragger>
      {(value.length > 0 || pending.length > 0) && (
        <List
          size="small"
          className="ticket-attachment-list"
          dataSource={[
            ...value.map((f) => ({ key: `f${f.fileId}`, file: f, pending: false })),
            ...pending.map((p) => ({ key: p.uid, file: { fileId: 0, name: p.name, size: 0 }, pending: true })),
          ]}
          renderItem={(item) => (
            <List.Item
              key={item.key}
              actions={
                item.pending
                  ? []
                  : [
                      <Button
                        key="download"
                        type="text"
                        size="small"
                        icon={<DownloadOutlined />}
                        aria-label={t('attachments.download')}
                        onClick={() => void downloadFile(item.file.fileId, item.file.name)}
                      />,
                      <Button
                        key="remove"
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('attachments.removeTitle')}
                        onClick={() => remove(item.file)}
                      />,
                    ]
              }
            >
              <span className="ticket-attachment-name">
                <PaperClipOutlined /> {item.file.name}{' '}
                {!item.pending && <Typography.Text type="secondary">({sizeText(item.file.size)})</Typography.Text>}
              </span>
              {item.pending && <Progress percent={60} status="active" showInfo={false} size="small" />}
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
