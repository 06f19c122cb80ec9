import { useState } from 'react';
import { App, Button, Card, Col, Divider, Form, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TicketDetail } from '@casedesk/shared';
import { feedback } from '../../../platform/feedback';
import { useFormFill } from '../../../platform/form-fill';
import { ApiError } from '../../../platform/http/client';
import { useCreateTicket, useTicketFormOptions, useUpdateTicket } from '../api';
import { customFieldsToSend } from '../../../platform/custom-fields/custom-field-values';
import { TicketCustomFields } from './TicketCustomFields';
import { bodyOf, newTicketValues, valuesOf, type TicketFormValues } from './ticket-form-values';
import { isConflict } from './ticket-messages';
import { translateServerMessage } from '../../../platform/server-messages';
import { TicketFormMain } from './TicketFormMain';
import { TicketFormSide } from './TicketFormSide';

/** The ticket create and edit form (spec section 2). `ticket` given: edit it, sending its `rowVersion`. */
export function TicketForm({ ticket, onReload }: { ticket?: TicketDetail; onReload?: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<TicketFormValues>();
  const [uploading, setUploading] = useState(false);
  const create = useCreateTicket();
  const update = useUpdateTicket();
  const formOptions = useTicketFormOptions();
  const saving = create.isPending || update.isPending;

  useFormFill(form, ticket, valuesOf);

  const showError = (error: unknown) => {
    if (!(error instanceof ApiError) || error.kind !== 'http' || error.status === 403) return;
    if (isConflict(error)) {
      modal.confirm({
        title: t('ticket.form.conflictTitle'),
        content: t('ticket.form.conflictText'),
        okText: t('ticket.form.reload'),
        cancelText: t('ticket.form.keepEditing'),
        onOk: () => onReload?.(),
      });
      return;
    }
    // A custom field's error names it `customFields.<key>`: the form's item is ['customFields', key].
    const nameOf = (field: string) => (field.startsWith('customFields.') ? ['customFields', field.slice(13)] : field);
    const known = error.fieldErrors.filter((f) => f.field && form.getFieldInstance(nameOf(f.field)) !== undefined);
    if (known.length > 0)
      form.setFields(
        known.map((f) => ({
          name: nameOf(f.field) as keyof TicketFormValues,
          errors: [translateServerMessage(f)],
        })),
      );
    const translated = translateServerMessage(error);
    const isKnown = translated !== error.message || error.messageKey === 'ticket.noAssignee';
    if (isKnown || ticket) feedback.error(translated);
    else feedback.error(`${t('ticket.messages.submitFailed')} (${translated})`);
  };

  const onFinish = (values: TicketFormValues) => {
    if (uploading) {
      feedback.warning(t('ticket.form.uploading'));
      return;
    }
    const customFields = customFieldsToSend(
      values.customFields,
      formOptions.data?.customFields ?? [],
      values.categoryId,
      ticket?.customFields as TicketFormValues['customFields'],
    );
    const body = { ...bodyOf(values), ...(Object.keys(customFields).length > 0 ? { customFields } : {}) };
    if (!ticket) {
      create.mutate(body, {
        onSuccess: (saved) => {
          feedback.success(t('ticket.messages.submitted'));
          form.resetFields();
          void navigate(`/ticket/info/${saved.id}`);
        },
        onError: showError,
      });
      return;
    }
    update.mutate(
      { ...body, id: ticket.id, rowVersion: ticket.rowVersion },
      {
        onSuccess: (saved) => {
          feedback.success(t('ticket.form.saved'));
          void navigate(`/ticket/info/${saved.id}`);
        },
        onError: showError,
      },
    );
  };

  return (
    <Card
      className="ticket-form-card"
      title={ticket ? t('ticket.form.editTitle', { caseNumber: ticket.caseNumber }) : t('ticket.form.createTitle')}
    >
      <Form<TicketFormValues>
        form={form}
        name="ticket"
        layout="vertical"
        className="ticket-form"
        initialValues={newTicketValues}
        onFinish={onFinish}
        scrollToFirstError
      >
        <Row gutter={24}>
          <Col xs={24} xl={16}>
            <TicketFormMain onUploadingChange={setUploading} />
            <TicketCustomFields />
          </Col>
          <Col xs={24} xl={8}>
            <TicketFormSide ticket={ticket} />
          </Col>
        </Row>
        <Divider />
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} className="ticket-submit">
            {ticket ? t('ticket.form.save') : t('ticket.form.submit')}
          </Button>
          <Button onClick={() => void navigate(ticket ? `/ticket/info/${ticket.id}` : '/ticket/list')}>
            {t('ticket.form.cancel')}
          </Button>
          {uploading && <Typography.Text type="secondary">{t('ticket.form.uploading')}</Typography.Text>}
        </Space>
      </Form>
    </Card>
  );
}
