import { useState } from 'react';
import { SendOutlined } from '@ant-design/icons';
import { App, Alert, Button, Drawer, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ticketReplySchema } from '@casedesk/shared';
import { useSaveFailure } from '../../../platform/crud/failure';
import type { FormValuesOf } from '../../../platform/crud/values';
import { AddressInput, addressRule } from '../../../platform/mail/AddressInput';
import { RichTextEditor } from '../../../platform/rich-text/RichTextEditor';
import { AttachmentUploader, type Attachment } from '../../../platform/upload/AttachmentUploader';
import { useReplyByEmail } from '../api';

// The ticket is the one the reply is written on; the files are the uploader's entries (submit sends their ids).
type Values = Omit<FormValuesOf<typeof ticketReplySchema, { attachments: Attachment[] }>, 'ticketId'>;

const isBlank = (html: string | undefined) => !html || !html.replace(/<[^>]*>/g, '').trim();

/**
 * Reply by e-mail from a ticket: one action makes a public comment and the e-mail to the customer (the server
 * threads it with the ticket's Message-IDs); the ticket's timeline and e-mails refresh.
 */
export function ReplyComposer({
  ticketId,
  customerEmail,
  onClose,
}: {
  ticketId: number;
  customerEmail: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const reply = useReplyByEmail();
  const saveFailure = useSaveFailure();
  const [uploading, setUploading] = useState(false);

  const submit = (values: Values) => {
    reply.mutate(
      {
        ticketId,
        body: values.body,
        to: values.to,
        cc: values.cc ?? [],
        attachments: (values.attachments ?? []).map((a) => a.fileId),
      },
      {
        onSuccess: () => {
          void message.success(t('ticket.reply.sent'));
          onClose();
        },
        onError: (error) => saveFailure(error, form, null),
      },
    );
  };

  return (
    <Drawer
      open
      destroyOnHidden
      size={760}
      title={t('ticket.reply.title')}
      onClose={onClose}
      className="email-reply"
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            icon={<SendOutlined />}
            className="email-reply-send"
            loading={reply.isPending}
            disabled={uploading}
            onClick={() => form.submit()}
          >
            {t('ticket.reply.send')}
          </Button>
        </Space>
      }
    >
      <Alert type="info" showIcon title={t('ticket.reply.hint')} style={{ marginBottom: 16 }} />
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ to: customerEmail ? [customerEmail] : [], cc: [], body: '', attachments: [] }}
      >
        <Form.Item
          name="to"
          label={t('ticket.reply.to')}
          required
          rules={[
            addressRule,
            {
              validator: async (_rule, value: string[] | undefined) => {
                if (!value?.length) throw new Error(t('ticket.reply.noRecipient'));
              },
            },
          ]}
        >
          <AddressInput className="email-reply-to" />
        </Form.Item>
        <Form.Item name="cc" label={t('ticket.reply.cc')} rules={[addressRule]}>
          <AddressInput className="email-reply-cc" />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('ticket.reply.body')}
          required
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if (isBlank(value)) throw new Error(t('ticket.reply.empty'));
              },
            },
          ]}
        >
          <RichTextEditor aria-label={t('ticket.reply.body')} cannedRepliesFor={ticketId} />
        </Form.Item>
        <Form.Item name="attachments" label={t('ticket.reply.attachments')}>
          <AttachmentUploader onBusyChange={setUploading} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
