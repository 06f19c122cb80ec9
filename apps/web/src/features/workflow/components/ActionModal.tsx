import { Form, Input, InputNumber, Modal, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  businessFields,
  type BusinessField,
  type WorkflowInstanceInfo,
  type workflowApproveSchema,
  type workflowAssignSchema,
  type workflowReturnSchema,
  type workflowTransferSchema,
} from '@casedesk/shared';
import { useActionFeedback } from '../../../platform/crud/failure';
import { labelLanguage } from '../../../platform/custom-field-language';
import { CustomValueInput, customValueItemProps } from '../../../platform/custom-fields/CustomValueInput';
import { PersonSelect } from './PersonSelect';
import { useWorkflowAction, type WorkflowCall } from '../api';

export type MyTask = WorkflowInstanceInfo['myTasks'][number];

/** What the modal is for: a task's action (with the task) or an instance's (cancel, recall). */
export type ActionRequest = { action: WorkflowCall; task: MyTask | null };

/** What the modal asks for any action: the bodies of the shared action schemas, less the task or instance. */
type Values = Partial<
  Omit<
    z.input<typeof workflowApproveSchema> &
      z.input<typeof workflowReturnSchema> &
      z.input<typeof workflowAssignSchema> &
      z.input<typeof workflowTransferSchema>,
    'taskId'
  >
> & {
  /** Remove signer: which added signer's task (sent as its `taskId`). */
  signerTaskId?: number;
};

/** Whether the comment must be given: the node says so (approve/reject), or the action always needs one. */
function commentRequired(request: ActionRequest, admin: boolean): boolean {
  const { action, task } = request;
  if (action === 'approve') return task?.reasonRequired.approve ?? false;
  if (action === 'reject') return task?.reasonRequired.reject ?? false;
  return action === 'return' || action === 'reassign' || (action === 'cancel' && admin);
}

/** The input of a field the approver may write at this node, by the field's kind. */
function FieldInput({ field, label }: { field: BusinessField; label: string }) {
  const name = ['fields', field.name];
  if (field.kind === 'number' || field.kind === 'id')
    return (
      <Form.Item name={name} label={label}>
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
    );
  if (field.kind === 'enum')
    return (
      <Form.Item name={name} label={label}>
        <Select options={(field.options ?? []).map((value) => ({ value, label: value }))} />
      </Form.Item>
    );
  if (field.kind === 'user')
    return (
      <Form.Item name={name} label={label}>
        <PersonSelect />
      </Form.Item>
    );
  return (
    <Form.Item name={name} label={label}>
      <Input maxLength={500} />
    </Form.Item>
  );
}

/**
 * One small modal for every action of the instance page and the admin list: the comment (required where the node or
 * the action says), and what the action needs (return target, users, position, picks, the fields this node may
 * change). The server decides; its refusal is shown in the user's language and the modal stays open.
 */
export function ActionModal(props: {
  request: ActionRequest;
  info: WorkflowInstanceInfo;
  /** The admin list's cancel: a reason is required (the initiator's own cancel may leave it out). */
  admin?: boolean;
  onClose: () => void;
}) {
  const { request, info, onClose } = props;
  const { action, task } = request;
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const run = useWorkflowAction();
  const feedback = useActionFeedback()(t(`workflow.action.done.${action}`));
  const required = commentRequired(request, props.admin ?? false);
  const type = info.instance.businessType;
  const writable = (businessFields[type] ?? []).filter((f) => info.fieldAccess[f.name] === 'write');
  // Custom fields this node may change, as the approver reads them (labels and options in their language).
  const writableCustom = info.customFields.filter((def) => info.fieldAccess[`custom.${def.key}`] === 'write');
  const language = labelLanguage(i18n.language);
  // The tasks this action takes, as the server says (a signer the caller added; a stuck task for reassign).
  const takers = info.tasks.filter((other) => other.actions?.includes(action));

  const bodyOf = (values: Values): Record<string, unknown> => {
    const comment = values.comment?.trim() ? { comment: values.comment.trim() } : {};
    const taskId = task?.taskId;
    switch (action) {
      case 'approve': {
        const picks = Object.fromEntries(Object.entries(values.picks ?? {}).filter(([, ids]) => ids?.length));
        const fields = Object.fromEntries(Object.entries(values.fields ?? {}).filter(([, v]) => v !== undefined));
        return {
          taskId,
          ...comment,
          ...(Object.keys(picks).length ? { picks } : {}),
          ...(Object.keys(fields).length ? { fields } : {}),
        };
      }
      case 'resubmit': {
        const picks = Object.fromEntries(Object.entries(values.picks ?? {}).filter(([, ids]) => ids?.length));
        return { taskId, ...comment, ...(Object.keys(picks).length ? { picks } : {}) };
      }
      case 'return':
        return { taskId, ...comment, targetNodeId: values.targetNodeId };
      case 'assign':
        return { taskId, ...comment, userIds: values.userIds, position: values.position };
      case 'removeSigner':
        return { taskId: values.signerTaskId, ...comment };
      case 'transfer':
      case 'handoff':
        return { taskId, ...comment, userId: values.userId };
      case 'reassign':
        return { taskId: values.signerTaskId, ...comment, userId: values.userId };
      case 'cancel':
      case 'recall':
        return { instanceId: info.instance.id, ...comment };
      default:
        return { taskId, ...comment };
    }
  };

  const submit = async () => {
    const values = await form.validateFields();
    run.mutate(
      { call: action, body: bodyOf(values) },
      {
        onSuccess: () => {
          feedback.onSuccess();
          onClose();
        },
        onError: feedback.onError,
      },
    );
  };

  const needsUser = action === 'transfer' || action === 'handoff' || action === 'reassign';
  return (
    <Modal
      open
      title={t(`workflow.action.title.${action}`, { node: task?.nodeName ?? '' })}
      okText={t(`workflow.action.button.${action}`)}
      okButtonProps={{ danger: action === 'reject' || action === 'cancel', className: 'action-ok' }}
      cancelText={t('common.cancel')}
      confirmLoading={run.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      className={`workflow-action-modal workflow-action-${action}`}
    >
      <Typography.Paragraph type="secondary">{t(`workflow.action.hint.${action}`)}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          position: 'before',
          fields: Object.fromEntries(
            [...writable.map((f) => f.name), ...writableCustom.map((def) => `custom.${def.key}`)].map((name) => [
              name,
              info.fields[name] ?? undefined,
            ]),
          ),
        }}
      >
        {action === 'return' && task && (
          <Form.Item
            name="targetNodeId"
            label={t('workflow.action.target')}
            rules={[{ required: true, message: t('workflow.action.targetRequired') }]}
          >
            <Select
              className="action-target"
              options={task.returnTargets.map((target) => ({
                value: target.nodeId,
                label:
                  target.nodeId === info.flowChart.id
                    ? t('workflow.action.toInitiator', { name: info.instance.initiatorName ?? '' })
                    : target.nodeName,
              }))}
            />
          </Form.Item>
        )}
        {action === 'assign' && (
          <>
            <Form.Item
              name="userIds"
              label={t('workflow.action.signers')}
              rules={[{ required: true, message: t('workflow.action.userRequired') }]}
            >
              <PersonSelect mode="multiple" />
            </Form.Item>
            <Form.Item name="position" label={t('workflow.action.position')}>
              <Radio.Group
                options={[
                  { value: 'before', label: t('workflow.action.before') },
                  { value: 'after', label: t('workflow.action.after') },
                ]}
              />
            </Form.Item>
          </>
        )}
        {(action === 'removeSigner' || action === 'reassign') && (
          <Form.Item
            name="signerTaskId"
            label={t(action === 'reassign' ? 'workflow.action.stuckTask' : 'workflow.action.signer')}
            rules={[{ required: true, message: t('workflow.action.taskRequired') }]}
          >
            <Select
              className="action-task"
              options={takers.map((other) => ({
                value: other.id,
                label: `${other.nodeName} · ${other.assigneeName ?? '—'}`,
              }))}
            />
          </Form.Item>
        )}
        {needsUser && (
          <Form.Item
            name="userId"
            label={t(action === 'handoff' ? 'workflow.action.reviewer' : 'workflow.action.toUser')}
            rules={[{ required: true, message: t('workflow.action.userRequired') }]}
          >
            <PersonSelect />
          </Form.Item>
        )}
        {(action === 'approve' || action === 'resubmit') &&
          task?.picksNeeded.map((node) => (
            <Form.Item
              key={node.nodeId}
              name={['picks', node.nodeId]}
              label={t('workflow.action.pick', { node: node.nodeName })}
              rules={[{ required: true, message: t('workflow.action.userRequired') }]}
            >
              <PersonSelect mode="multiple" />
            </Form.Item>
          ))}
        {action === 'approve' &&
          writable.map((field) => (
            <FieldInput key={field.name} field={field} label={t(`workflow.field.${type}.${field.name}`)} />
          ))}
        {action === 'approve' &&
          writableCustom.map((def) => {
            const name = `custom.${def.key}`;
            const userId = info.fields[name];
            const known =
              def.type === 'user' && typeof userId === 'number'
                ? [{ id: userId, loginName: '', fullName: info.fieldTexts[name] ?? '' }]
                : undefined;
            return (
              <Form.Item key={name} name={['fields', name]} label={def.label[language]} {...customValueItemProps(def)}>
                <CustomValueInput def={def} knownUsers={known} className={`action-custom-${def.key}`} />
              </Form.Item>
            );
          })}
        <Form.Item
          name="comment"
          label={t('workflow.action.comment')}
          rules={required ? [{ required: true, whitespace: true, message: t('workflow.action.commentRequired') }] : []}
        >
          <Input.TextArea rows={3} maxLength={2000} className="action-comment" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
