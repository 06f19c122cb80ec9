import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, InputNumber, Row, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  customFieldCreateSchema,
  customFieldHasBounds,
  customFieldHasOptions,
  customFieldHasPattern,
  customFieldKeySchema,
  customFieldEntities,
  customFieldTypes,
  type CustomField,
  type CustomFieldType,
} from '@casedesk/shared';
import { requiredRule, schemaRule } from '../../../platform/form-rules';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import { useStatusOptions } from '../../../platform/crud/StatusTag';
import { LabelInputs } from '../../../platform/custom-fields/LabelInputs';
import { searchCategories } from '../../../platform/pickers/lookups';
import { resourceKeys } from '../../../platform/crud/resource-api';
import { RemoteSelect } from '../../../platform/pickers/RemoteSelect';
import { customFieldApi } from '../api';

type Values = z.input<typeof customFieldCreateSchema>;

const toForm = (f: CustomField): Values => ({
  key: f.key,
  appliesTo: f.appliesTo,
  type: f.type,
  label: f.label,
  options: f.options,
  required: f.required,
  validation: f.validation,
  categoryIds: f.categoryIds,
  sort: f.sort,
  status: f.status,
});

/** Empty bounds are left out (an InputNumber cleared gives null). */
const toBody = (v: Values) => {
  const { min, max, pattern } = v.validation ?? {};
  const validation = {
    ...(min != null ? { min } : {}),
    ...(max != null ? { max } : {}),
    ...(pattern ? { pattern } : {}),
  };
  return { ...v, options: customFieldHasOptions(v.type) ? (v.options ?? []) : [], validation };
};

/** Creates and edits a custom field: key and type are fixed once saved (values are stored by them). */
export function CustomFieldEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const statusOptions = useStatusOptions();
  const kindOptions = customFieldEntities.map((kind) => ({ value: kind, label: t(`customField.kinds.${kind}`) }));
  const typeOptions = customFieldTypes.map((type) => ({ value: type, label: t(`customField.types.${type}`) }));
  return (
    <EditorDrawer<CustomField, Values>
      api={customFieldApi}
      id={id}
      onClose={onClose}
      width={720}
      title={id === null ? t('customField.create') : t('customField.edit')}
      defaults={{
        appliesTo: 'Ticket',
        type: 'text',
        options: [],
        required: false,
        validation: {},
        categoryIds: [],
        sort: 0,
        status: 'Active',
      }}
      toForm={toForm}
      toBody={toBody}
    >
      {(form, detail) => {
        const type = (form.getFieldValue('type') ?? 'text') as CustomFieldType;
        return (
          <>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item
                  name="key"
                  label={t('customField.fields.key')}
                  required
                  extra={t('customField.keyHelp')}
                  rules={[schemaRule(customFieldKeySchema)]}
                >
                  <Input maxLength={50} disabled={id !== null} autoFocus={id === null} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="type" label={t('customField.fields.type')} required>
                  <Select options={typeOptions} disabled={id !== null} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="appliesTo" label={t('customField.fields.appliesTo')} required>
              <Select options={kindOptions} disabled={id !== null} className="custom-field-applies-to" />
            </Form.Item>
            <Form.Item label={t('customField.fields.label')} required style={{ marginBottom: 0 }}>
              <LabelInputs name={['label']} />
            </Form.Item>
            <Form.Item noStyle shouldUpdate={(a, b) => a.type !== b.type}>
              {() => {
                const current = (form.getFieldValue('type') ?? type) as CustomFieldType;
                return (
                  <>
                    {customFieldHasOptions(current) && (
                      <Form.Item label={t('customField.fields.options')} required>
                        <Form.List name="options">
                          {(items, { add, remove }) => (
                            <>
                              {items.map((item) => (
                                <Row gutter={8} key={item.key} align="top" className="custom-field-option">
                                  <Col span={5}>
                                    <Form.Item
                                      name={[item.name, 'value']}
                                      rules={[requiredRule(t('customField.optionValue'))]}
                                      style={{ marginBottom: 8 }}
                                    >
                                      <Input maxLength={50} placeholder={t('customField.optionValue')} />
                                    </Form.Item>
                                  </Col>
                                  <Col span={17}>
                                    <LabelInputs name={[item.name, 'label']} compact />
                                  </Col>
                                  <Col span={2}>
                                    <Button
                                      type="text"
                                      icon={<DeleteOutlined />}
                                      aria-label={t('crud.delete')}
                                      onClick={() => remove(item.name)}
                                    />
                                  </Col>
                                </Row>
                              ))}
                              <Button
                                type="dashed"
                                icon={<PlusOutlined />}
                                onClick={() => add({ value: '', label: {} })}
                              >
                                {t('customField.addOption')}
                              </Button>
                            </>
                          )}
                        </Form.List>
                      </Form.Item>
                    )}
                    {customFieldHasBounds(current) && (
                      <Space size={16} align="start">
                        <Form.Item
                          name={['validation', 'min']}
                          label={t('customField.fields.min')}
                          extra={t('customField.boundsHelp')}
                        >
                          <InputNumber />
                        </Form.Item>
                        <Form.Item name={['validation', 'max']} label={t('customField.fields.max')}>
                          <InputNumber />
                        </Form.Item>
                      </Space>
                    )}
                    {customFieldHasPattern(current) && (
                      <Form.Item
                        name={['validation', 'pattern']}
                        label={t('customField.fields.pattern')}
                        extra={t('customField.patternHelp')}
                      >
                        <Input maxLength={200} />
                      </Form.Item>
                    )}
                  </>
                );
              }}
            </Form.Item>
            {/* Only tickets have categories: the fields of other record kinds apply to all of them. */}
            <Form.Item noStyle shouldUpdate={(a, b) => a.appliesTo !== b.appliesTo}>
              {() =>
                (form.getFieldValue('appliesTo') ?? 'Ticket') === 'Ticket' && (
                  <Form.Item
                    name="categoryIds"
                    label={t('customField.fields.categories')}
                    extra={t('customField.categoriesHelp')}
                  >
                    <RemoteSelect
                      mode="multiple"
                      queryKey={resourceKeys('Category').of('options')}
                      search={(keyword) => searchCategories(keyword)}
                      known={detail?.categories?.map((c) => ({ value: c.id, label: c.name }))}
                      placeholder={t('customField.allCategories')}
                    />
                  </Form.Item>
                )
              }
            </Form.Item>
            <Row gutter={16}>
              <Col span={8}>
                <Form.Item name="required" label={t('customField.fields.required')} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="sort" label={t('customField.fields.sort')}>
                  <InputNumber min={0} max={100000} precision={0} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="status" label={t('customField.fields.status')}>
                  <Select options={statusOptions} />
                </Form.Item>
              </Col>
            </Row>
          </>
        );
      }}
    </EditorDrawer>
  );
}
