import { useEffect, useState } from 'react';
import { FileTextOutlined, SendOutlined } from '@ant-design/icons';
import { App, Alert, Button, Col, Drawer, Form, Input, Row, Select, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { emailCreateSchema, type MailAccount } from '@casedesk/shared';
import { useSaveFailure } from '../../../platform/crud/failure';
import { useLookup } from '../../../platform/crud/resource-api';
import type { FormValuesOf } from '../../../platform/crud/values';
import { schemaRule } from '../../../platform/form-rules';
import { AddressInput, addressRule } from '../../../platform/mail/AddressInput';
import { canSendWith } from '../../../platform/mail/send-permission';
import { usePermissions } from '../../../platform/permission';
import { RichTextEditor } from '../../../platform/rich-text/RichTextEditor';
import { AttachmentUploader, type Attachment } from '../../../platform/upload/AttachmentUploader';
import { emailApi, emailTemplateApi, previewTemplate, useSaveEmail, type EmailRecord } from '../api';
import { TicketField, type LinkedTicket } from './TicketField';

// The files are the uploader's entries and the ticket the picker's choice (toBody sends their ids); `send` is the button.
type Values = Omit<FormValuesOf<typeof emailCreateSchema, { attachments: Attachment[] }>, 'ticketId' | 'send'> & {
  ticket: LinkedTicket | null;
};

const fields = emailCreateSchema.shape;

const toForm = (mail: EmailRecord): Values => ({
  accountId: mail.accountId,
  to: mail.to,
  cc: mail.cc,
  bcc: mail.bcc,
  subject: mail.subject,
  body: mail.body,
  attachments: mail.attachments.map(
    (fileId) => mail.files?.find((f) => f.fileId === fileId) ?? { fileId, name: `#${fileId}`, size: 0 },
  ),
  ticket: mail.ticketId ? { id: mail.ticketId, caseNumber: mail.ticketCaseNumber ?? `#${mail.ticketId}` } : null,
  templateId: mail.templateId,
});

const toBody = (v: Values) => ({
  accountId: v.accountId ?? null,
  to: v.to ?? [],
  cc: v.cc ?? [],
  bcc: v.bcc ?? [],
  subject: v.subject,
  body: v.body ?? '',
  attachments: (v.attachments ?? []).map((a) => a.fileId),
  ticketId: v.ticket?.id ?? null,
  templateId: v.templateId ?? null,
});

/**
 * New e-mail, or a draft edited (spec: new email screen): recipients as tags checked one by one, subject, rich
 * text, attachments within the upload limits, a template rendered against the linked ticket, save or send.
 */
export function EmailComposer({
  id,
  onClose,
  initial,
}: {
  id: number | null;
  onClose: () => void;
  initial?: Partial<Values>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { has } = usePermissions();
  const [form] = Form.useForm<Values>();
  const detail = emailApi.useDetail(id);
  const save = useSaveEmail();
  const saveFailure = useSaveFailure();
  const [uploading, setUploading] = useState(false);
  const [filling, setFilling] = useState(false);
  const accounts = useLookup<MailAccount>('MailAccount', 'settings:view');
  const templates = emailTemplateApi.useList({ page: 1, pageSize: 200, status: 'Active' }, has('emailTemplate:view'));

  useEffect(() => {
    if (detail.data) form.setFieldsValue(toForm(detail.data));
  }, [detail.data, form]);

  const submit = async (send: boolean) => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (send && [...(values.to ?? []), ...(values.cc ?? []), ...(values.bcc ?? [])].length === 0) {
      form.setFields([{ name: 'to', errors: [t('email.compose.noRecipient')] }]);
      return;
    }
    const body: Record<string, unknown> = toBody(values);
    if (id !== null && detail.data) body.rowVersion = detail.data.rowVersion;
    save.mutate(
      { id, body, send },
      {
        onSuccess: () => {
          void message.success(send ? t('email.compose.queued') : t('email.compose.saved'));
          onClose();
        },
        onError: (error) => saveFailure(error, form, null),
      },
    );
  };

  /** The chosen template rendered against the linked ticket fills the subject and the body. */
  const fillFromTemplate = async () => {
    const templateId = form.getFieldValue('templateId') as number | null;
    if (!templateId) return;
    const ticket = form.getFieldValue('ticket') as LinkedTicket | null;
    setFilling(true);
    try {
      const rendered = await previewTemplate({ id: templateId, ...(ticket ? { ticketId: ticket.id } : {}) });
      form.setFieldsValue({ subject: rendered.subject, body: rendered.body });
    } catch (error) {
      saveFailure(error, undefined, null);
    } finally {
      setFilling(false);
    }
  };

  const accountOptions = (accounts.data ?? [])
    .filter((a) => a.status === 'Active')
    .map((a) => ({ value: a.id, label: a.displayName ? `${a.displayName} <${a.address}>` : a.address }));

  return (
    <Drawer
      open
      destroyOnHidden
      size={820}
      title={id === null ? t('email.compose.new') : t('email.compose.edit')}
      onClose={onClose}
      className="email-composer"
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            className="email-save-draft"
            loading={save.isPending}
            disabled={uploading || (id !== null && !detail.data)}
            onClick={() => void submit(false)}
          >
            {t('email.compose.saveDraft')}
          </Button>
          {canSendWith(has) && (
            <Button
              type="primary"
              icon={<SendOutlined />}
              className="email-send"
              loading={save.isPending}
              disabled={uploading || (id !== null && !detail.data)}
              onClick={() => void submit(true)}
            >
              {t('email.compose.send')}
            </Button>
          )}
        </Space>
      }
    >
      {detail.isError && !detail.data ? (
        <Alert type="error" showIcon title={t('crud.loadFailed')} />
      ) : id !== null && !detail.data ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{
            to: [],
            cc: [],
            bcc: [],
            body: '',
            attachments: [],
            ticket: null,
            templateId: null,
            accountId: null,
            ...initial,
          }}
          requiredMark
        >
          <Row gutter={16}>
            {accountOptions.length > 0 && (
              <Col xs={24} sm={12}>
                <Form.Item name="accountId" label={t('email.fields.account')}>
                  <Select allowClear options={accountOptions} placeholder={t('email.compose.defaultAccount')} />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} sm={accountOptions.length > 0 ? 12 : 24}>
              <Form.Item name="ticket" label={t('email.fields.ticket')}>
                <TicketField className="email-ticket-field" />
              </Form.Item>
            </Col>
          </Row>
          {has('emailTemplate:view') && (
            <Form.Item label={t('email.compose.fromTemplate')}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="templateId" noStyle>
                  <Select
                    allowClear
                    showSearch={{ optionFilterProp: 'label' }}
                    className="email-template-select"
                    placeholder={t('email.compose.chooseTemplate')}
                    loading={templates.isLoading}
                    options={(templates.data?.items ?? []).map((tpl) => ({
                      value: tpl.id,
                      // Seeded names already end with their language.
                      label: tpl.name.endsWith(`(${tpl.language})`) ? tpl.name : `${tpl.name} (${tpl.language})`,
                    }))}
                  />
                </Form.Item>
                <Button
                  icon={<FileTextOutlined />}
                  loading={filling}
                  onClick={() => void fillFromTemplate()}
                  className="email-apply-template"
                >
                  {t('email.compose.applyTemplate')}
                </Button>
              </Space.Compact>
            </Form.Item>
          )}
          <Form.Item name="to" label={t('email.fields.to')} rules={[addressRule]}>
            <AddressInput className="email-to" placeholder={t('email.compose.addressHint')} />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="cc" label={t('email.fields.cc')} rules={[addressRule]}>
                <AddressInput className="email-cc" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="bcc" label={t('email.fields.bcc')} rules={[addressRule]}>
                <AddressInput className="email-bcc" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="subject" label={t('email.fields.subject')} required rules={[schemaRule(fields.subject)]}>
            <Input maxLength={500} className="email-subject" />
          </Form.Item>
          <Form.Item name="body" label={t('email.fields.body')}>
            <RichTextEditor aria-label={t('email.fields.body')} />
          </Form.Item>
          <Form.Item name="attachments" label={t('email.fields.attachments')}>
            <AttachmentUploader onBusyChange={setUploading} />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
