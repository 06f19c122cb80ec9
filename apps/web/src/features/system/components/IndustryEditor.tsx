import { Form, Input, InputNumber, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { industryCreateSchema, type Industry, type IndustryNode } from '@casedesk/shared';
import { schemaRule } from '../../../platform/form-rules';
import { industryApi } from '../api';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';

type Values = z.input<typeof industryCreateSchema>;

const fields = industryCreateSchema.shape;
const toForm = (i: Industry): Values => ({
  code: i.code,
  name: i.name,
  parentId: i.parentId,
  description: i.description,
  sort: i.sort,
  status: i.status,
});
const toBody = (v: Values) => ({
  ...v,
  parentId: v.parentId ?? null,
  description: v.description?.trim() ? v.description : null,
});

type TreeOption = { value: number; title: string; children?: TreeOption[] };
const options = (nodes: IndustryNode[], exclude: number | null): TreeOption[] =>
  nodes
    .filter((n) => n.id !== exclude)
    .map((n) => {
      const children = options(n.children, exclude);
      return { value: n.id, title: `${n.code} · ${n.name}`, ...(children.length ? { children } : {}) };
    });

type Props = { id: number | null; parentId: number | null; tree: IndustryNode[]; onClose: () => void };

export function IndustryEditor({ id, parentId, tree, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <EditorDrawer<Industry, Values>
      api={industryApi}
      id={id}
      onClose={onClose}
      title={id === null ? t('system.industry.create') : t('system.industry.edit')}
      defaults={{ parentId, sort: 0, status: 'Active' }}
      toForm={toForm}
      toBody={toBody}
    >
      {() => (
        <>
          <Form.Item name="code" label={t('system.industry.fields.code')} required rules={[schemaRule(fields.code)]}>
            <Input maxLength={50} autoFocus />
          </Form.Item>
          <Form.Item name="name" label={t('system.industry.fields.name')} required rules={[schemaRule(fields.name)]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="parentId" label={t('system.industry.fields.parent')}>
            <TreeSelect
              allowClear
              showSearch
              treeNodeFilterProp="title"
              placeholder={t('system.industry.topLevel')}
              treeData={options(tree, id)}
            />
          </Form.Item>
          <Form.Item name="description" label={t('system.common.description')}>
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
          <Form.Item name="sort" label={t('system.common.sort')}>
            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="status" label={t('system.industry.fields.status')}>
            <Select
              options={(['Active', 'Inactive'] as const).map((value) => ({
                value,
                label: t(`system.common.status.${value}`),
              }))}
              style={{ width: 160 }}
            />
          </Form.Item>
        </>
      )}
    </EditorDrawer>
  );
}
