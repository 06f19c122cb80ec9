import { useState } from 'react';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Alert, Form, Input, List, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkflowBatchOutcome, WorkflowTask } from '@casedesk/shared';
import { useActionFeedback } from '../../../platform/crud/failure';
import { useBatchDecide } from '../api';

type Props = {
  action: 'approve' | 'reject';
  tasks: WorkflowTask[];
  onClose: (decided: boolean) => void;
};

/**
 * Approve or reject the selected tasks with one comment; then the result of each task, a refused one with the
 * server's words (a step that asks for more than a comment sends the person to its page).
 */
export function BatchDecideModal({ action, tasks, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ comment?: string }>();
  const decide = useBatchDecide();
  const feedback = useActionFeedback()();
  const [outcomes, setOutcomes] = useState<WorkflowBatchOutcome[] | null>(null);
  const titleOf = new Map(tasks.map((task) => [task.id, task.title]));

  const submit = ({ comment }: { comment?: string }) =>
    decide.mutate(
      { action, taskIds: tasks.map((task) => task.id), ...(comment?.trim() ? { comment: comment.trim() } : {}) },
      { onSuccess: setOutcomes, onError: feedback.onError },
    );

  if (outcomes) {
    const done = outcomes.filter((o) => o.ok).length;
    return (
      <Modal
        open
        className="batch-decide-results"
        title={t(`workflow.task.batch.${action}Title`, { count: tasks.length })}
        onCancel={() => onClose(done > 0)}
        onOk={() => onClose(done > 0)}
        okText={t('common.ok')}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <Alert
          type={done === outcomes.length ? 'success' : 'warning'}
          showIcon
          title={t('workflow.task.batch.summary', { done, count: outcomes.length })}
          style={{ marginBottom: 12 }}
        />
        <List
          size="small"
          dataSource={outcomes}
          renderItem={(outcome) => (
            <List.Item className={`batch-outcome batch-outcome-${outcome.ok ? 'ok' : 'refused'}`}>
              <List.Item.Meta
                avatar={
                  outcome.ok ? (
                    <CheckCircleFilled style={{ color: '#52c41a' }} />
                  ) : (
                    <CloseCircleFilled style={{ color: '#ff4d4f' }} />
                  )
                }
                title={titleOf.get(outcome.taskId) ?? ''}
                description={outcome.ok ? t(`workflow.task.batch.${action}Done`) : outcome.message}
              />
            </List.Item>
          )}
        />
      </Modal>
    );
  }

  return (
    <Modal
      open
      className="batch-decide"
      title={t(`workflow.task.batch.${action}Title`, { count: tasks.length })}
      okText={t(`workflow.action.button.${action}`)}
      okButtonProps={{ danger: action === 'reject', loading: decide.isPending }}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
    >
      <Typography.Paragraph type="secondary">{t('workflow.task.batch.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="comment" label={t('workflow.action.comment')}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
