import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { regionCreateSchema, type Region } from '@casedesk/shared';
import { schemaRule } from '../../../platform/form-rules';
import { regionApi } from '../api';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';

type Values = z.input<typeof regionCreateSchema>;

const fields = regionCreateSchema.shape;
const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
const toForm = (r: Region): Values => ({
  code: r.code,
  name: r.name,
  pinyin: r.pinyin,
  zipCode: r.zipCode,
  parentCode: r.parentCode,
  type: r.type,
  sort: r.sort,
});

export function useLevelName() {
  const { t } = useTranslation();
  return (level: number) =>
    level <= 3 ? t(`system.region.levels.${level}`) : t('system.region.levels.other', { level });
}

type Props = { id: number | null; parent: Region | null; onClose: () => void };

export function RegionEditor({ id, parent, onClose }: Props) {
  const { t } = useTranslation();
  const levelName = useLevelName();
  // The code is the key sub-regions refer to: fixed once created, so an update does not send it.
  const toBody = (v: Values) => {
    const body = {
      ...v,
      pinyin: blankToNull(v.pinyin),
      zipCode: blankToNull(v.zipCode),
      parentCode: blankToNull(v.parentCode),
    };
    if (id === null) return body;
    const { code: _code, ...rest } = body;
    return rest;
  };
  return (
    <EditorDrawer<Region, Values>
      api={regionApi}
      id={id}
      onClose={onClose}
      title={id === null ? t('system.region.create') : t('system.region.edit')}
      defaults={{ parentCode: parent?.code ?? null, type: parent ? Math.min(parent.type + 1, 10) : 0, sort: 0 }}
      toForm={toForm}
      toBody={toBody}
    >
      {() => (
        <>
          <Form.Item
            name="code"
            label={t('system.region.fields.code')}
            required
            rules={id === null ? [schemaRule(fields.code)] : []}
            extra={t('system.region.codeFixed')}
          >
            <Input maxLength={20} disabled={id !== null} autoFocus={id === null} />
          </Form.Item>
          <Form.Item name="name" label={t('system.region.fields.name')} required rules={[schemaRule(fields.name)]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="pinyin" label={t('system.region.fields.pinyin')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="zipCode" label={t('system.region.fields.zipCode')}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="parentCode" label={t('system.region.fields.parent')} extra={parent?.name}>
            <Input maxLength={20} placeholder={t('system.region.topLevel')} />
          </Form.Item>
          <Form.Item name="type" label={t('system.region.fields.type')}>
            <Select
              options={[0, 1, 2, 3, 4, 5].map((level) => ({ value: level, label: levelName(level) }))}
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item name="sort" label={t('system.common.sort')}>
            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </>
      )}
    </EditorDrawer>
  );
}
