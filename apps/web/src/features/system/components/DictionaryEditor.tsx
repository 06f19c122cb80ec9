import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Divider, Form, Input, InputNumber, Row, Select, Switch, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { dictionaryCreateSchema, dictionaryItemInputSchema, type DictionaryDetail } from '@casedesk/shared';
import { schemaRule } from '../../../platform/form-rules';
import { dictionaryApi } from '../api';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';

type ItemValues = z.input<typeof dictionaryItemInputSchema>;
type Values = z.input<typeof dictionaryCreateSchema>;

const fields = dictionaryCreateSchema.shape;
const itemFields = dictionaryItemInputSchema.shape;
/** An item's optional names in the other languages, beside its default (English) `name`. */
const languageNames = [
  { field: 'nameZhCn', label: 'system.dictionary.fields.itemNameZhCn' },
  { field: 'nameZhTw', label: 'system.dictionary.fields.itemNameZhTw' },
] as const;
const blankToNull = (v: string | null | undefined) => (v?.trim() ? v : null);

const toForm = (d: DictionaryDetail): Values => ({
  code: d.code,
  name: d.name,
  category: d.category,
  description: d.description,
  sort: d.sort,
  enable: d.enable,
  items: d.items.map(({ id: _id, ...item }) => item),
});
const toBody = (v: Values) => ({
  ...v,
  category: blankToNull(v.category),
  description: blankToNull(v.description),
  items: (v.items ?? []).map((item) => ({
    ...item,
    parentKey: item.parentKey ?? null,
    nameZhCn: blankToNull(item.nameZhCn),
    nameZhTw: blankToNull(item.nameZhTw),
    sort: item.sort ?? 0,
  })),
});

/** The dictionary and its items, saved together (the items replace the old ones). */
export function DictionaryEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <EditorDrawer<DictionaryDetail, Values>
      api={dictionaryApi}
      id={id}
      onClose={onClose}
      width={1120}
      title={id === null ? t('system.dictionary.create') : t('system.dictionary.edit')}
      defaults={{ sort: 0, enable: true, items: [] }}
      toForm={toForm}
      toBody={toBody}
    >
      {(form) => (
        <>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="code"
                label={t('system.dictionary.fields.code')}
                required
                rules={[schemaRule(fields.code)]}
              >
                <Input maxLength={50} autoFocus />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="name"
                label={t('system.dictionary.fields.name')}
                required
                rules={[schemaRule(fields.name)]}
              >
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="category" label={t('system.dictionary.fields.category')}>
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="sort" label={t('system.common.sort')}>
                <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="enable" label={t('system.common.enabled')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="description" label={t('system.common.description')}>
                <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} />
              </Form.Item>
            </Col>
          </Row>
          <Divider titlePlacement="start" style={{ marginTop: 0 }}>
            {t('system.dictionary.items')}
          </Divider>
          <Form.List name="items">
            {(rows, { add, remove }) => (
              <>
                <Table
                  className="dictionary-items"
                  size="small"
                  pagination={false}
                  rowKey="key"
                  dataSource={rows}
                  locale={{ emptyText: t('system.dictionary.noItems') }}
                  columns={[
                    {
                      key: 'key',
                      title: t('system.dictionary.fields.itemKey'),
                      width: 130,
                      render: (_, row) => (
                        <Form.Item
                          name={[row.name, 'key']}
                          rules={[schemaRule(itemFields.key)]}
                          noStyle={false}
                          style={{ margin: 0 }}
                        >
                          <Input maxLength={50} aria-label={t('system.dictionary.fields.itemKey')} />
                        </Form.Item>
                      ),
                    },
                    {
                      key: 'name',
                      title: t('system.dictionary.fields.itemName'),
                      render: (_, row) => (
                        <Form.Item
                          name={[row.name, 'name']}
                          rules={[schemaRule(itemFields.name)]}
                          style={{ margin: 0 }}
                        >
                          <Input maxLength={100} aria-label={t('system.dictionary.fields.itemName')} />
                        </Form.Item>
                      ),
                    },
                    // The names in Chinese are optional: an item without one reads by its seeded words or `name`.
                    ...languageNames.map(({ field, label }) => ({
                      key: field,
                      title: t(label),
                      render: (_: unknown, row: { name: number }) => (
                        <Form.Item
                          name={[row.name, field]}
                          rules={[schemaRule(itemFields[field])]}
                          style={{ margin: 0 }}
                        >
                          <Input maxLength={100} aria-label={t(label)} />
                        </Form.Item>
                      ),
                    })),
                    {
                      key: 'value',
                      title: t('system.dictionary.fields.itemValue'),
                      render: (_, row) => (
                        <Form.Item
                          name={[row.name, 'value']}
                          rules={[schemaRule(itemFields.value)]}
                          style={{ margin: 0 }}
                        >
                          <Input maxLength={200} aria-label={t('system.dictionary.fields.itemValue')} />
                        </Form.Item>
                      ),
                    },
                    {
                      key: 'parentKey',
                      title: t('system.dictionary.fields.itemParent'),
                      width: 140,
                      render: (_, row) => (
                        <Form.Item noStyle shouldUpdate>
                          {() => {
                            const items = (form.getFieldValue('items') as ItemValues[] | undefined) ?? [];
                            const own = items[row.name]?.key;
                            return (
                              <Form.Item name={[row.name, 'parentKey']} style={{ margin: 0 }}>
                                <Select
                                  allowClear
                                  aria-label={t('system.dictionary.fields.itemParent')}
                                  options={items
                                    .filter((item) => item?.key && item.key !== own)
                                    .map((item) => ({ value: item.key, label: item.key }))}
                                />
                              </Form.Item>
                            );
                          }}
                        </Form.Item>
                      ),
                    },
                    {
                      key: 'sort',
                      title: t('system.common.sort'),
                      width: 90,
                      render: (_, row) => (
                        <Form.Item name={[row.name, 'sort']} style={{ margin: 0 }}>
                          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
                        </Form.Item>
                      ),
                    },
                    {
                      key: 'enable',
                      title: t('system.common.enabled'),
                      width: 70,
                      render: (_, row) => (
                        <Form.Item name={[row.name, 'enable']} valuePropName="checked" style={{ margin: 0 }}>
                          <Switch size="small" />
                        </Form.Item>
                      ),
                    },
                    {
                      key: 'remove',
                      width: 44,
                      render: (_, row) => (
                        <Button
                          type="text"
                          danger
                          size="small"
                          icon={<DeleteOutlined />}
                          aria-label={t('system.dictionary.removeItem')}
                          onClick={() => remove(row.name)}
                        />
                      ),
                    },
                  ]}
                />
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  className="dictionary-add-item"
                  style={{ marginTop: 8 }}
                  onClick={() => {
                    const count = ((form.getFieldValue('items') as ItemValues[] | undefined) ?? []).length;
                    add({
                      key: '',
                      parentKey: null,
                      name: '',
                      nameZhCn: null,
                      nameZhTw: null,
                      value: '',
                      sort: (count + 1) * 10,
                      enable: true,
                    });
                  }}
                >
                  {t('system.dictionary.addItem')}
                </Button>
                <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                  {t('system.dictionary.itemsHelp')}
                </Typography.Paragraph>
              </>
            )}
          </Form.List>
        </>
      )}
    </EditorDrawer>
  );
}
