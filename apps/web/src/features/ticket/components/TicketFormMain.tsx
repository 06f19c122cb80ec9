import { Col, Divider, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../../platform/form-rules';
import { AttachmentUploader } from '../../../platform/upload/AttachmentUploader';
import { RichTextEditor } from '../../../platform/rich-text/RichTextEditor';
import { optionalRule, ticketFields as fields } from './ticket-form-values';

/**
 * The ticket form's main column: subject, content, the customer and the attachments (without
 * `onUploadingChange`, none: a scheduled ticket's template has no files).
 */
export function TicketFormMain({ onUploadingChange }: { onUploadingChange?: (busy: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="subject" label={t('ticket.fields.subject')} required rules={[schemaRule(fields.subject)]}>
        <Input maxLength={200} showCount />
      </Form.Item>
      <Form.Item name="content" label={t('ticket.fields.content')} rules={[optionalRule(fields.content)]}>
        <RichTextEditor aria-label={t('ticket.fields.content')} />
      </Form.Item>
      <Divider titlePlacement="start" plain>
        {t('ticket.form.sections.customer')}
      </Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="customer" label={t('ticket.fields.customer')} rules={[optionalRule(fields.customer)]}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="customerEmail"
            label={t('ticket.fields.customerEmail')}
            rules={[optionalRule(fields.customerEmail)]}
          >
            <Input maxLength={200} type="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="telephone" label={t('ticket.fields.telephone')} rules={[optionalRule(fields.telephone)]}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
      </Row>
      {onUploadingChange && (
        <>
          <Divider titlePlacement="start" plain>
            {t('ticket.form.sections.attachments')}
          </Divider>
          <Form.Item name="attachments" className="ticket-attachments-item">
            <AttachmentUploader onBusyChange={onUploadingChange} />
          </Form.Item>
        </>
      )}
    </>
  );
}
