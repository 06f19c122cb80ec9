import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { configurationCreateSchema, type Configuration } from '@casedesk/shared';
import { schemaRule } from '../../../platform/form-rules';
import { configurationApi } from '../api';
import { useDictionaryItems } from '../../../platform/labels/dictionary-labels';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';

type Values = z.input<typeof configurationCreateSchema>;

const fields = configurationCreateSchema.shape;
/** The dictionary whose items are the kinds of configuration. */
export const configurationTypeDictionary = 'configurationType';

const toForm = (c: Configuration): Values => ({
  name: c.name,
  value: c.value,
  typeId: c.typeId,
  description: c.description,
  sort: c.sort,
  enable: c.enable,
});
const toBody = (v: Values) => ({
  ...v,
  value: v.value ?? '',
  typeId: v.typeId ?? null,
  description: v.description?.trim() ? v.description : null,
});

export function ConfigurationEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const types = useDictionaryItems(configurationTypeDictionary);
  return (
    <EditorDrawer<Configuration, Values>
      api={configurationApi}
      id={id}
      onClose={onClose}
      title={id === null ? t('system.configuration.create') : t('system.configuration.edit')}
      defaults={{ value: '', typeId: null, sort: 0, enable: true }}
      toForm={toForm}
      toBody={toBody}
    >
      {() => (
        <>
          <Form.Item
            name="name"
            label={t('system.configuration.fields.name')}
            required
            rules={[schemaRule(fields.name)]}
          >
            <Input maxLength={100} autoFocus />
          </Form.Item>
          <Form.Item name="value" label={t('system.configuration.fields.value')} rules={[schemaRule(fields.value)]}>
            <Input.TextArea maxLength={4000} autoSize={{ minRows: 2, maxRows: 8 }} />
          </Form.Item>
          <Form.Item
            name="typeId"
            label={t('system.configuration.fields.type')}
            extra={t('system.configuration.typeHelp')}
          >
            <Select
              allowClear
              loading={types.isLoading}
              options={types.items.map((item) => ({ value: item.id, label: item.name }))}
            />
          </Form.Item>
          <Form.Item name="description" label={t('system.common.description')}>
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
          <Form.Item name="sort" label={t('system.common.sort')}>
            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="enable" label={t('system.common.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
    </EditorDrawer>
  );
}
