import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { workflowCreateSchema, workflowTypes } from '@casedesk/shared';
import { useSaveFailure } from '../../../platform/crud/failure';
import { schemaRule } from '../../../platform/form-rules';
import { workflowApi, type WorkflowRecord } from '../api';

type Values = Pick<z.input<typeof workflowCreateSchema>, 'name' | 'code' | 'type' | 'description'>;
const fields = workflowCreateSchema.shape;

/** A new definition (name, code, type, description); the caller opens the designer on it. */
export function WorkflowCreateModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (workflow: WorkflowRecord) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = workflowApi.useSave();
  const saveFailure = useSaveFailure();
  return (
    <Modal
      open
      className="wf-create"
      title={t('workflow.definition.create')}
      okText={t('workflow.definition.createAndDesign')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ type: 'Ticket' }}
        onFinish={(values) =>
          save.mutate(
            { id: null, body: { ...values, description: values.description?.trim() || null } },
            {
              onSuccess: (created) => {
                void message.success(t('crud.saved'));
                onCreated(created);
              },
              onError: (error) => saveFailure(error, form, null),
            },
          )
        }
      >
        <Form.Item name="name" label={t('workflow.definition.fields.name')} required rules={[schemaRule(fields.name)]}>
          <Input maxLength={100} autoFocus />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('workflow.definition.fields.code')}
          required
          extra={t('workflow.definition.codeHint')}
          rules={[schemaRule(fields.code)]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="type" label={t('workflow.definition.fields.type')} required>
          <Select
            className="wf-create-type"
            options={workflowTypes.map((type) => ({ value: type, label: t(`workflow.type.${type}`) }))}
          />
        </Form.Item>
        <Form.Item name="description" label={t('workflow.definition.fields.description')}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
