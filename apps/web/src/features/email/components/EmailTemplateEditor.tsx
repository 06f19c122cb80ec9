import { useEffect, useRef, useState } from 'react';
import { Alert, Col, Form, type FormInstance, Input, type InputRef, List, Row, Select, Spin, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { emailEvents, emailTemplateCreateSchema, templateLanguages } from '@casedesk/shared';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import { blanksToNull } from '../../../platform/crud/values';
import { schemaRule } from '../../../platform/form-rules';
import { ApiError } from '../../../platform/http/client';
import { MailFrame } from '../../../platform/mail/MailFrame';
import { translateServerMessage } from '../../../platform/server-messages';
import {
  emailTemplateApi,
  previewTemplate,
  useTemplateVariables,
  type EmailTemplateRecord,
  type TemplateVariable,
} from '../api';
import { insertAt, placeholder } from './insert-at-cursor';
import { TicketField, type LinkedTicket } from './TicketField';

type Values = z.input<typeof emailTemplateCreateSchema>;

const fields = emailTemplateCreateSchema.shape;
const previewDelayMs = 400;

const toForm = (tpl: EmailTemplateRecord): Values => ({
  name: tpl.name,
  description: tpl.description,
  status: tpl.status,
  event: tpl.event,
  language: tpl.language,
  subject: tpl.subject,
  body: tpl.body,
});
const toBody = (v: Values) => ({ ...blanksToNull(v, ['description']), event: v.event ?? null });
const defaults: Partial<Values> = { status: 'Active', event: null, body: '' };

/** Create or edit an e-mail template: its event and language, subject and body with a variable picker and a live preview. */
export function EmailTemplateEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  // A new template is written in the reader's own language unless they choose another.
  const language = (templateLanguages as readonly string[]).includes(i18n.language) ? i18n.language : 'en';
  return (
    <EditorDrawer<EmailTemplateRecord, Values>
      api={emailTemplateApi}
      id={id}
      onClose={onClose}
      title={id === null ? t('email.template.create') : t('email.template.edit')}
      width={1200}
      defaults={{ ...defaults, language: language as Values['language'] }}
      toForm={toForm}
      toBody={toBody}
    >
      {(form) => <TemplateFields form={form} />}
    </EditorDrawer>
  );
}

type Target = 'subject' | 'body';

function TemplateFields({ form }: { form: FormInstance<Values> }) {
  const { t, i18n } = useTranslation();
  const variables = useTemplateVariables();
  const event = Form.useWatch('event', form);
  // The variables this template's event fills (a template with no event may use any).
  const offered = (variables.data ?? []).filter((v) => !event || !v.events || v.events.includes(event));
  const describe = (v: TemplateVariable) =>
    typeof v.description === 'string'
      ? v.description
      : (v.description?.[i18n.language] ?? v.description?.en ?? v.example ?? '');
  const subjectRef = useRef<InputRef>(null);
  const bodyRef = useRef<TextAreaRef>(null);
  // Where a picked variable goes: the field last typed in, at the cursor it had.
  const target = useRef<{ field: Target; start: number; end: number }>({ field: 'body', start: -1, end: -1 });
  const remember = (field: Target, element: HTMLInputElement | HTMLTextAreaElement | null | undefined) => {
    if (element) target.current = { field, start: element.selectionStart ?? 0, end: element.selectionEnd ?? 0 };
  };

  const insertVariable = (name: string) => {
    const { field, start, end } = target.current;
    const current = (form.getFieldValue(field) as string | undefined) ?? '';
    const at = start < 0 ? current.length : start;
    const next = insertAt(current, placeholder(name), at, start < 0 ? current.length : end);
    form.setFieldValue(field, next.text);
    target.current = { field, start: next.cursor, end: next.cursor };
    // Back to the field, with the cursor after what was inserted.
    requestAnimationFrame(() => {
      const element = field === 'subject' ? subjectRef.current?.input : bodyRef.current?.resizableTextArea?.textArea;
      element?.focus();
      element?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  return (
    <Row gutter={24}>
      <Col xs={24} lg={13}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('email.template.fields.name')} required rules={[schemaRule(fields.name)]}>
              <Input maxLength={100} autoFocus />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="event" label={t('email.template.fields.event')}>
              <Select
                allowClear
                className="template-event"
                placeholder={t('email.template.noEvent')}
                options={emailEvents.map((e) => ({ value: e, label: t(`email.event.${e}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={12}>
            <Form.Item name="language" label={t('email.template.fields.language')}>
              <Select options={templateLanguages.map((l) => ({ value: l, label: t(`values.language.${l}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={12}>
            <Form.Item name="status" label={t('email.template.fields.status')}>
              <Select
                options={[
                  { value: 'Active', label: t('email.template.active') },
                  { value: 'Inactive', label: t('email.template.inactive') },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="description"
          label={t('email.template.fields.description')}
          rules={[schemaRule(fields.description)]}
        >
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item
          name="subject"
          label={t('email.template.fields.subject')}
          required
          rules={[schemaRule(fields.subject)]}
        >
          <Input
            ref={subjectRef}
            maxLength={500}
            className="template-subject"
            onSelect={(e) => remember('subject', e.currentTarget)}
            onKeyUp={(e) => remember('subject', e.currentTarget)}
            onClick={(e) => remember('subject', e.currentTarget)}
          />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('email.template.fields.body')}
          extra={t('email.template.bodyHint')}
          rules={[schemaRule(fields.body)]}
        >
          <Input.TextArea
            ref={bodyRef}
            className="template-body"
            autoSize={{ minRows: 12, maxRows: 24 }}
            spellCheck={false}
            onSelect={(e) => remember('body', e.currentTarget)}
            onKeyUp={(e) => remember('body', e.currentTarget)}
            onClick={(e) => remember('body', e.currentTarget)}
            style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} lg={11}>
        <Typography.Text strong>{t('email.template.variables')}</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 4 }}>
          {t('email.template.variablesHint')}
        </Typography.Paragraph>
        <List
          size="small"
          bordered
          className="template-variables"
          loading={variables.isLoading}
          dataSource={offered}
          style={{ maxHeight: 200, overflow: 'auto', marginBottom: 16 }}
          locale={{ emptyText: t('email.template.noVariables') }}
          renderItem={(variable) => (
            <List.Item
              className="template-variable"
              style={{ cursor: 'pointer', padding: '4px 12px' }}
              // Keep the focus (and the cursor) in the field being edited.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => insertVariable(variable.name)}
            >
              <Typography.Text code>{placeholder(variable.name)}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {describe(variable)}
              </Typography.Text>
            </List.Item>
          )}
        />
        <LivePreview form={form} />
      </Col>
    </Row>
  );
}

/** The unsaved subject and body rendered by the server (debounced), against a chosen ticket or the server's sample. */
function LivePreview({ form }: { form: FormInstance<Values> }) {
  const { t } = useTranslation();
  const subject = Form.useWatch('subject', form) ?? '';
  const body = Form.useWatch('body', form) ?? '';
  const [ticket, setTicket] = useState<LinkedTicket | null>(null);
  const [result, setResult] = useState<{ subject: string; body: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      setBusy(true);
      previewTemplate({ subject, body, ...(ticket ? { ticketId: ticket.id } : {}) })
        .then((rendered) => {
          if (!current) return;
          setResult(rendered);
          setProblem(null);
        })
        .catch((error: unknown) => {
          if (!current) return;
          setProblem(error instanceof ApiError ? translateServerMessage(error) : t('email.template.previewFailed'));
        })
        .finally(() => current && setBusy(false));
    }, previewDelayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [subject, body, ticket, t]);

  return (
    <div className="template-preview">
      <Typography.Text strong>{t('email.template.preview')}</Typography.Text> {busy && <Spin size="small" />}
      <div style={{ margin: '6px 0 8px' }}>
        <TicketField
          value={ticket}
          onChange={setTicket}
          className="template-preview-ticket"
          placeholder={t('email.template.previewTicket')}
        />
      </div>
      {problem && (
        <Alert
          type="warning"
          showIcon
          title={problem}
          className="template-preview-problem"
          style={{ marginBottom: 8 }}
        />
      )}
      <div className="template-preview-subject" style={{ marginBottom: 6 }}>
        <Typography.Text type="secondary">
          {t('email.template.fields.subject')}
          {t('values.colon')}
        </Typography.Text>
        <Typography.Text>{result?.subject ?? ''}</Typography.Text>
      </div>
      <MailFrame
        html={result?.body ?? ''}
        title={t('email.template.preview')}
        height={320}
        className="template-preview-body"
      />
    </div>
  );
}
