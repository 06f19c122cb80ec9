import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CustomFieldDefinition } from '@casedesk/shared';
import { DatePicker } from '../forms/DatePicker';
import { customFieldRule, labelLanguage } from './custom-field-values';

/** The people a user field offers: `{ value: id, label }`. */
export type CustomFieldUsers = { value: number; label: string }[];

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

function inputFor(def: CustomFieldDefinition, users: CustomFieldUsers, language: ReturnType<typeof labelLanguage>) {
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

/**
 * The inputs of custom fields in a form (contract 21), in the order given, each checked by the server's own rule
 * (`checkCustomValues`) and labelled in the reader's language; values live under `[name, key]`. The ticket form and
 * the request catalog's forms both draw them.
 */
export function CustomFieldItems({
  fields,
  name,
  categoryId,
  users,
  className,
}: {
  fields: readonly CustomFieldDefinition[];
  /** The form's object holding the values: `customFields` on a ticket, `values` on a catalog request. */
  name: string;
  categoryId: number | null | undefined;
  users: CustomFieldUsers;
  className?: string;
}) {
  const { i18n } = useTranslation();
  const language = labelLanguage(i18n.language);
  return (
    <Row gutter={16} className={className}>
      {fields.map((def) => (
        <Col xs={24} md={def.type === 'textarea' ? 24 : 12} key={def.key}>
          <Form.Item
            name={[name, def.key]}
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
  );
}
