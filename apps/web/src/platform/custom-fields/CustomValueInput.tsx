import { Input, InputNumber, Select, Switch, type FormItemProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CustomFieldDefinition } from '@casedesk/shared';
import { labelLanguage } from '../custom-field-language';
import { DatePicker } from '../forms/DatePicker';
import { UserSelect, type UserOption } from '../pickers/UserSelect';

/** How a form item holds a custom value: a switch's `checked`; dates as the API sends them (ISO text). */
export function customValueItemProps(def: Pick<CustomFieldDefinition, 'type'>): Partial<FormItemProps> {
  if (def.type === 'checkbox') return { valuePropName: 'checked' };
  if (def.type === 'date' || def.type === 'datetime')
    return {
      getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
      normalize: (picked: Dayjs | null) =>
        picked ? (def.type === 'datetime' ? picked.toISOString() : picked.format('YYYY-MM-DD')) : null,
    };
  return {};
}

/**
 * The input of one custom value inside a form item (with `customValueItemProps`): options by their labels in the
 * reader's language, a person picker, a number, a date, a switch or text. The approval form's fields use it.
 */
export function CustomValueInput({
  def,
  knownUsers,
  ...pass
}: { def: CustomFieldDefinition; knownUsers?: UserOption[] } & Record<string, unknown>) {
  const { i18n } = useTranslation();
  const language = labelLanguage(i18n.language);
  const options = def.options.map((o) => ({ value: o.value, label: o.label[language] }));
  switch (def.type) {
    case 'textarea':
      return (
        <Input.TextArea {...pass} autoSize={{ minRows: 2, maxRows: 6 }} maxLength={def.validation.max ?? 10_000} />
      );
    case 'number':
      return <InputNumber {...pass} precision={0} style={{ width: '100%' }} />;
    case 'decimal':
      return <InputNumber {...pass} stringMode style={{ width: '100%' }} />;
    case 'date':
      return <DatePicker {...pass} style={{ width: '100%' }} />;
    case 'datetime':
      return <DatePicker {...pass} showTime style={{ width: '100%' }} />;
    case 'select':
      return <Select {...pass} allowClear options={options} />;
    case 'multiselect':
      return <Select {...pass} mode="multiple" allowClear options={options} />;
    case 'user':
      return <UserSelect {...pass} known={knownUsers} />;
    case 'checkbox':
      return <Switch {...pass} />;
    default:
      return <Input {...pass} maxLength={def.validation.max ?? 1000} />;
  }
}
