import { useEffect, type ReactNode } from 'react';
import { App, Alert, Button, Drawer, Form, Space, Spin, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveFailure } from './failure';
import type { resourceApi } from './resource-api';

type Props<Detail extends { rowVersion: number }, Values extends object> = {
  api: ReturnType<typeof resourceApi<{ id: number }, Detail>>;
  /** null: create. */
  id: number | null;
  onClose: () => void;
  /** After a save, with the record as saved (e.g. to open a view just made). */
  onSaved?: (saved: Detail) => void;
  title: string;
  width?: number;
  defaults: Partial<Values>;
  toForm: (detail: Detail) => Partial<Values>;
  toBody: (values: Values) => Record<string, unknown>;
  children: (form: FormInstance<Values>, detail: Detail | undefined) => ReactNode;
};

/** Create/edit in a drawer: loads the detail, saves with its `rowVersion`, and offers a reload when stale. */
export function EditorDrawer<Detail extends { rowVersion: number }, Values extends object>(
  props: Props<Detail, Values>,
) {
  const { api, id, toForm } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const detail = api.useDetail(id);
  const save = api.useSave();
  const saveFailure = useSaveFailure();

  useEffect(() => {
    if (detail.data) form.setFieldsValue(toForm(detail.data) as Parameters<typeof form.setFieldsValue>[0]);
  }, [detail.data, form, toForm]);

  const reload = async () => {
    const fresh = await detail.refetch();
    if (fresh.data) {
      form.resetFields();
      form.setFieldsValue(toForm(fresh.data) as Parameters<typeof form.setFieldsValue>[0]);
      void message.info(t('crud.reloaded'));
    }
  };

  const submit = (values: Values) => {
    const body = props.toBody(values);
    if (id !== null && detail.data) body.rowVersion = detail.data.rowVersion;
    save.mutate(
      { id, body },
      {
        onSuccess: (saved) => {
          void message.success(t('crud.saved'));
          props.onSaved?.(saved as unknown as Detail);
          props.onClose();
        },
        onError: (error) => saveFailure(error, form, id === null ? null : () => void reload()),
      },
    );
  };

  return (
    <Drawer
      open
      destroyOnHidden
      title={props.title}
      size={props.width ?? 560}
      onClose={props.onClose}
      className="master-editor"
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={props.onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            disabled={id !== null && !detail.data}
            onClick={() => form.submit()}
          >
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {detail.isError ? (
        <Alert type="error" showIcon title={t('crud.loadFailed')} />
      ) : id !== null && !detail.data ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={props.defaults}
          onFinish={submit}
          scrollToFirstError
          requiredMark
        >
          {props.children(form, detail.data)}
        </Form>
      )}
    </Drawer>
  );
}
