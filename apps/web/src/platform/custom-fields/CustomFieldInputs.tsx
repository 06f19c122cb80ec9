import { Col, Divider, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CustomFieldDefinition } from '@casedesk/shared';
import { DatePicker } from '../forms/DatePicker';
import { customFieldRule, fieldsFor, labelLanguage } from './custom-field-values';

export type UserChoices = { value: number; label: string }[];

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

function inputFor(def: CustomFieldDefinition, users: UserChoices, language: ReturnType<typeof labelLanguage>) {
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
 * A record form's custom fields (contract 21): the active ones of the record's category (`categoryId` of the form;
 * a record kind without categories asks for those of all), each checked by the server's own rule as it is typed.
 */
export function CustomFieldInputs({
  definitions,
  users = [],
  categoryId,
  title,
}: {
  definitions: readonly CustomFieldDefinition[];
  /** The people a user field offers. */
  users?: UserChoices;
  categoryId?: number | null;
  title: string;
}) {
  const { i18n } = useTranslation();
  const language = labelLanguage(i18n.language);
  const fields = fieldsFor(definitions, categoryId);
  if (fields.length === 0) return null;
  return (
    <>
      <Divider titlePlacement="start" plain>
        {title}
      </Divider>
      <Row gutter={16} className="custom-fields">
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
