import { App, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { workflowCopySchema, workflowCreateSchema, workflowUpdateSchema } from '@casedesk/shared';
import { HistorySection } from '../../../platform/audit/HistoryTab';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import { useSaveFailure } from '../../../platform/crud/failure';
import { schemaRule } from '../../../platform/form-rules';
import { useCopyWorkflow, workflowApi, type WorkflowRecord } from '../api';

type EditValues = Pick<z.input<typeof workflowUpdateSchema>, 'name' | 'description' | 'sort'>;
const fields = workflowCreateSchema.shape;

const toForm = (w: WorkflowRecord): EditValues => ({ name: w.name, description: w.description, sort: w.sort });
const toBody = (v: EditValues) => ({ name: v.name, description: v.description?.trim() || null, sort: v.sort ?? 0 });

/** The definition's own fields (the code and type are fixed once created; the graph is the designer's). */
export function WorkflowEditDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <EditorDrawer<WorkflowRecord, EditValues>
      api={workflowApi}
      id={id}
      onClose={onClose}
      title={t('workflow.definition.edit')}
      defaults={{ sort: 0 }}
      toForm={toForm}
      toBody={toBody}
    >
      {() => (
        <>
          <Form.Item
            name="name"
            label={t('workflow.definition.fields.name')}
            required
            rules={[schemaRule(fields.name)]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="sort" label={t('workflow.definition.fields.sort')}>
            <InputNumber min={0} precision={0} />
          </Form.Item>
          <Form.Item name="description" label={t('workflow.definition.fields.description')}>
            <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
          <HistorySection entity="Workflow" entityId={id} />
        </>
      )}
    </EditorDrawer>
  );
}

/** Copy: a new draft with the graph of this one, under a new code and name. */
export function WorkflowCopyModal({ workflow, onClose }: { workflow: WorkflowRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<z.input<typeof workflowCopySchema>>();
  const copy = useCopyWorkflow();
  const saveFailure = useSaveFailure();
  return (
    <Modal
      open
      className="wf-copy"
      title={t('workflow.definition.copyTitle', { name: workflow.name })}
      okText={t('workflow.definition.copy')}
      cancelText={t('common.cancel')}
      confirmLoading={copy.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          code: `${workflow.code}-copy`,
          name: t('workflow.definition.copyName', { name: workflow.name }),
        }}
        onFinish={(values) =>
          copy.mutate(
            { id: workflow.id, ...values },
            {
              onSuccess: () => {
                void message.success(t('workflow.definition.copied'));
                onClose();
              },
              onError: (error) => saveFailure(error, form, null),
            },
          )
        }
      >
        <Form.Item
          name="code"
          label={t('workflow.definition.fields.code')}
          required
          rules={[schemaRule(workflowCopySchema.shape.code)]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('workflow.definition.fields.name')}
          required
          rules={[schemaRule(workflowCopySchema.shape.name)]}
        >
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
