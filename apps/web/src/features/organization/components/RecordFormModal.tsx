import { useEffect, type ReactNode } from 'react';
import { Form, InputNumber, Modal, Select, Input, type FormInstance } from 'antd';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { useSaveFailure } from '../../../platform/crud/failure';
import type { ResourceApi } from '../../../platform/crud/resource-api';
import { feedback } from '../../../platform/feedback';
import { schemaRule } from '../../../platform/form-rules';

type Saved = { id: number; rowVersion: number };

/**
 * The create/edit modal of an organisation record (roles, groups, departments, positions): fills the form
 * each time it opens, saves with the record's rowVersion (Add without a record, Update with one), closes on
 * success and shows failures next to their fields; `onStale` reloads after someone else saved first.
 * (A modal rather than the kit's EditorDrawer: these records are small and edited from the row they show.)
 */
export function RecordFormModal<Values extends object>({
  open,
  form,
  api,
  what,
  record,
  fill,
  initialValues,
  toBody,
  width,
  loading,
  onClose,
  onStale,
  banner,
  children,
}: {
  open: boolean;
  form: FormInstance<Values>;
  // The row types differ per screen; only the save is used.
  api: Pick<ResourceApi<{ id: number }, unknown>, 'useSave'>;
  /** The record's name in titles ("role"). */
  what: string;
  /** The record being edited; none when creating. */
  record: Saved | undefined;
  /** Values the form takes each time it opens, over `initialValues` (keep the object stable between renders). */
  fill: Partial<Values> | undefined;
  initialValues: Partial<Values>;
  toBody: (values: Values) => Record<string, unknown>;
  width: number;
  loading?: boolean;
  onClose: () => void;
  onStale: () => void;
  /** Shown above the form (e.g. why some fields are locked). */
  banner?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const save = api.useSave();
  const saveFailure = useSaveFailure();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (fill) form.setFieldsValue(fill as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, fill, form]);

  return (
    <Modal
      open={open}
      title={record ? t('organization.common.editTitle', { what }) : t('organization.common.createTitle', { what })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={width}
      loading={loading}
    >
      {banner}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => {
          const body = { ...toBody(values), ...(record ? { rowVersion: record.rowVersion } : {}) };
          save.mutate(
            { id: record?.id ?? null, body },
            {
              onSuccess: () => {
                feedback.success(t('server.operationSuccessful'));
                onClose();
              },
              onError: (error) => saveFailure(error, form, onStale),
            },
          );
        }}
      >
        {children}
      </Form>
    </Modal>
  );
}

/** A trimmed optional text: blank becomes null. */
export const textOrNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The record's required name. */
export function NameItem({ rule, maxLength = 100 }: { rule: z.ZodType; maxLength?: number }) {
  const { t } = useTranslation();
  return (
    <Form.Item required name="name" label={t('organization.common.name')} rules={[schemaRule(rule)]}>
      <Input maxLength={maxLength} />
    </Form.Item>
  );
}

/** The optional description of a record (up to 500 characters). */
export function DescriptionItem({ rule }: { rule: z.ZodType }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="description" label={t('organization.common.description')} rules={[schemaRule(rule)]}>
      <Input.TextArea maxLength={500} rows={2} />
    </Form.Item>
  );
}

/** The display order of a record. */
export function SortItem({ fullWidth = true }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="sort" label={t('organization.common.sort')}>
      <InputNumber min={0} max={1_000_000} precision={0} style={fullWidth ? { width: '100%' } : undefined} />
    </Form.Item>
  );
}

/** Active or Inactive. */
export function StatusItem({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="status" label={label ?? t('organization.common.status.label')}>
      <Select
        options={(['Active', 'Inactive'] as const).map((value) => ({
          value,
          label: t(`organization.common.status.${value}`),
        }))}
      />
    </Form.Item>
  );
}
