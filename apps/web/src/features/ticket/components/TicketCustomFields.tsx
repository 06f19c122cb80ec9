import { Col, Divider, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CustomFieldDefinition } from '@casedesk/shared';
import { DatePicker } from '../../../platform/forms/DatePicker';
import { useTicketFormOptions } from '../api';
import { customFieldRule, fieldsFor, labelLanguage } from './custom-field-values';
import type { TicketFormValues } from './ticket-form-values';

type Users = { value: number; label: string }[];

/** A date (or date and time) kept in the form as the API sends it, picked with the shared picker. */
function DateValue({
  value,
  onChange,
  withTime,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  withTime: boolean;
}) {
  return (
    <DatePicker
      value={value ? dayjs(value) : null}
      showTime={withTime}
      style={{ width: '100%' }}
      onChange={(picked) => onChange?.(picked ? (withTime ? picked.toISOString() : picked.format('YYYY-MM-DD')) : null)}
    />
  );
}

function inputFor(def: CustomFieldDefinition, users: Users, language: ReturnType<typeof labelLanguage>) {
  const options = def.options.map((o) => ({ value: o.value, label: o.label[language] }));
  switch (def.type) {
    case 'text':
      return <Input maxLength={def.validation.max ?? 1000} />;
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={def.validation.max ?? 10_000} />;
    case 'number':
      return <InputNumber precision={0} style={{ width: '100%' }} />;
    case 'decimal':
      return <InputNumber stringMode style={{ width: '100%' }} />;
    case 'date':
      return <DateValue withTime={false} />;
    case 'datetime':
      return <DateValue withTime />;
    case 'select':
      return <Select allowClear options={options} />;
    case 'multiselect':
      return <Select mode="multiple" allowClear options={options} />;
    case 'user':
      return <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={users} />;
    case 'checkbox':
      return <Switch />;
  }
}

/** The ticket form's custom fields (contract 21): those of the chosen category, checked by the server's rule. */
export function TicketCustomFields() {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance<TicketFormValues>();
  const categoryId = Form.useWatch('categoryId', form);
  const { data } = useTicketFormOptions();
  const language = labelLanguage(i18n.language);
  const fields = fieldsFor(data?.customFields ?? [], categoryId);
  if (fields.length === 0) return null;
  const users = (data?.users ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.loginName})` }));
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('ticket.custom.title')}
      </Divider>
      <Row gutter={16} className="ticket-custom-fields">
        {fields.map((def) => (
          <Col xs={24} md={def.type === 'textarea' ? 24 : 12} key={def.key}>
            <Form.Item
              name={['customFields', def.key]}
              label={def.label[language]}
              required={def.required}
              rules={[customFieldRule(def, categoryId)]}
              {...(def.type === 'checkbox' ? { valuePropName: 'checked' } : {})}
            >
              {inputFor(def, users, language)}
            </Form.Item>
          </Col>
        ))}
      </Row>
    </>
  );
}
