import type { ReactNode } from 'react';
import { Col, Form, Input, Row } from 'antd';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../../platform/form-rules';
import type { ResourceApi } from '../../../platform/crud/resource-api';
import { NameItem, RecordFormModal, SortItem, StatusItem } from './RecordFormModal';

type Saved = { id: number; rowVersion: number };

/**
 * Create or edit a record with a name, a code, a sort and a status (departments, positions);
 * `children` are the record's own fields, between code and sort.
 */
export function CodeFormModal<Values extends object>({
  open,
  api,
  what,
  record,
  fields,
  defaults,
  initial,
  toBody,
  width,
  onClose,
  onStale,
  children,
}: {
  open: boolean;
  api: Pick<ResourceApi<{ id: number }, unknown>, 'useSave'>;
  /** The record's name in titles ("department"). */
  what: string;
  record?: Saved & Partial<Values>;
  fields: { name: z.ZodType; code: z.ZodType };
  defaults: Partial<Values>;
  /** Values a new record starts with beyond the defaults (e.g. its parent). */
  initial?: Partial<Values>;
  toBody: (values: Values) => Record<string, unknown>;
  width: number;
  onClose: () => void;
  onStale: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();

  return (
    <RecordFormModal<Values>
      open={open}
      form={form}
      api={api}
      what={what}
      record={record}
      fill={record ?? initial}
      initialValues={{ sort: 0, status: 'Active', ...defaults } as Partial<Values>}
      toBody={toBody}
      width={width}
      onClose={onClose}
      onStale={() => {
        onStale();
        onClose();
      }}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <NameItem rule={fields.name} />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item required name="code" label={t('organization.common.code')} rules={[schemaRule(fields.code)]}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        {children}
        <Col xs={24} md={12}>
          <SortItem />
        </Col>
        <Col xs={24} md={12}>
          <StatusItem />
        </Col>
      </Row>
    </RecordFormModal>
  );
}
