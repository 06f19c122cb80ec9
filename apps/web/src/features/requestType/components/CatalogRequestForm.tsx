import { useState } from 'react';
import { Button, Form, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CatalogItem } from '@casedesk/shared';
import { CustomFieldItems } from '../../../platform/custom-fields/CustomFieldItems';
import { labelLanguage } from '../../../platform/custom-field-language';
import { feedback } from '../../../platform/feedback';
import { requiredRule } from '../../../platform/form-rules';
import { ApiError } from '../../../platform/http/client';
import { translateServerMessage } from '../../../platform/server-messages';
import { AttachmentUploader } from '../../../platform/upload/AttachmentUploader';
import { useFieldUsers, useSubmitCatalog } from '../api';
import { formItemOf, orderedFields, submitBody, type CatalogFormValues } from './catalog-form';

type Props = {
  item: CatalogItem;
  /** The editor's live preview: the same form, without files or a submit. */
  preview?: boolean;
  onCancel?: () => void;
};

/**
 * A catalog item's request form (contract 21): the project (only those the item is offered in), an optional
 * subject, the item's fields in its order (checked by the server's own rule), attachments; submit makes the ticket
 * and opens its progress page. The request type editor draws the same form as its preview.
 */
export function CatalogRequestForm({ item, preview = false, onCancel }: Props) {
  const { t, i18n } = useTranslation();
  const language = labelLanguage(i18n.language);
  const navigate = useNavigate();
  const [form] = Form.useForm<CatalogFormValues>();
  const [uploading, setUploading] = useState(false);
  const submit = useSubmitCatalog();
  const fields = orderedFields(item.fields);
  const users = useFieldUsers(fields.some((f) => f.type === 'user'));
  const onlyProject = item.projects.length === 1 ? item.projects[0]!.id : undefined;

  const showRefusal = (error: unknown) => {
    if (!(error instanceof ApiError) || error.kind !== 'http') return;
    const known = error.fieldErrors.filter((f) => f.field && form.getFieldInstance(formItemOf(f.field)) !== undefined);
    if (known.length > 0)
      form.setFields(known.map((f) => ({ name: formItemOf(f.field) as never, errors: [translateServerMessage(f)] })));
    else feedback.error(translateServerMessage(error));
  };

  const onFinish = (values: CatalogFormValues) => {
    if (preview) return;
    if (uploading) {
      feedback.warning(t('requestType.catalog.uploading'));
      return;
    }
    submit.mutate(submitBody(item, values), {
      onSuccess: (ticket) => {
        feedback.success(t('requestType.catalog.submitted', { caseNumber: ticket.caseNumber }));
        void navigate(`/catalog/request/${ticket.id}`);
      },
      onError: showRefusal,
    });
  };

  return (
    <Form<CatalogFormValues>
      form={form}
      // The preview sits inside the editor's form: a form element may not hold another.
      component={preview ? 'div' : 'form'}
      layout="vertical"
      className="catalog-request-form"
      initialValues={{ projectId: onlyProject, values: {}, attachments: [] }}
      onFinish={onFinish}
      scrollToFirstError
      requiredMark
    >
      {item.description[language] && (
        <Typography.Paragraph type="secondary" className="catalog-request-description">
          {item.description[language]}
        </Typography.Paragraph>
      )}
      <Form.Item
        name="projectId"
        label={t('requestType.catalog.project')}
        required
        rules={[requiredRule(t('requestType.catalog.project'))]}
      >
        <Select
          className="catalog-request-project"
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('requestType.catalog.chooseProject')}
          options={item.projects.map((p) => ({ value: p.id, label: p.name }))}
        />
      </Form.Item>
      <Form.Item name="subject" label={t('requestType.catalog.subject')} extra={t('requestType.catalog.subjectHelp')}>
        <Input maxLength={200} placeholder={item.name[language]} />
      </Form.Item>
      <CustomFieldItems
        fields={fields}
        name="values"
        categoryId={item.categoryId}
        users={users}
        className="catalog-request-fields"
      />
      {!preview && (
        <>
          <Form.Item name="attachments" label={t('requestType.catalog.attachments')}>
            <AttachmentUploader onBusyChange={setUploading} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={submit.isPending} className="catalog-request-submit">
              {t('requestType.catalog.submit')}
            </Button>
            {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
            {item.approval && (
              <Typography.Text type="secondary">{t('requestType.catalog.needsApproval')}</Typography.Text>
            )}
          </Space>
        </>
      )}
    </Form>
  );
}
