import { useState } from 'react';
import { AuditOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, Modal, Space, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { WorkflowBusinessState, WorkflowInstanceInfo, workflowSubmitSchema, WorkflowType } from '@casedesk/shared';
import { useActionFeedback } from '../crud/failure';
import { resourceKeys } from '../crud/resource-api';
import { http } from '../http/client';
import { useSeededName, useSeededNodeName } from '../labels/labels';
import { InstanceStatusTag } from './InstanceStatusTag';

const instanceKeys = resourceKeys('WorkflowInstance');
/** What the submit dialog asks: Submit's comment (the record is the page's). */
type SubmitValues = Pick<z.input<typeof workflowSubmitSchema>, 'comment'>;

/**
 * A record's approval on its own page: "Submit for approval" while a workflow is registered for it and none runs,
 * else the approval's state and current step with a link to the instance page. Any record type with a workflow
 * (tickets now; invoices and requisitions next) uses it, so it lives in the platform, not in a feature.
 */
export function ApprovalPanel({ businessType, businessId }: { businessType: WorkflowType; businessId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const feedback = useActionFeedback();
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm<SubmitValues>();
  const seeded = useSeededName();
  const nodeName = useSeededNodeName();
  const state = useQuery({
    queryKey: instanceKeys.of('businessState', businessType, businessId),
    queryFn: () =>
      http.get<WorkflowBusinessState>(
        '/api/WorkflowInstance/BusinessState',
        { businessType, businessId },
        { quiet: true },
      ),
    retry: false,
  });
  const submit = useMutation({
    mutationFn: (body: SubmitValues) =>
      http.post<WorkflowInstanceInfo>(
        '/api/WorkflowInstance/Submit',
        { businessType, businessId, ...(body.comment ? { comment: body.comment } : {}) },
        { quiet: true },
      ),
    onSettled: () =>
      Promise.all(
        [instanceKeys.all, resourceKeys('WorkflowTask').all, resourceKeys(businessType).all].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });

  // A record the caller may not see, or a server without workflows: the page simply has no approval panel.
  if (state.isError) return null;
  const data = state.data;
  const instance = data?.instance ?? null;
  const running = instance?.status === 'Running';
  const done = feedback(t('approval.submitted'));

  return (
    <Card title={t('approval.title')} size="small" className="approval-panel" loading={state.isPending}>
      <Flex vertical gap={8}>
        {instance ? (
          <Space orientation="vertical" size={4} className="approval-state">
            <Space wrap>
              <InstanceStatusTag status={instance.status} />
              <Typography.Text>{seeded('workflow', instance.workflowCode, instance.workflowName)}</Typography.Text>
            </Space>
            {running && instance.currentNodeNames.length > 0 && (
              <Typography.Text type="secondary" className="approval-current">
                {t('approval.currentStep', {
                  step: instance.currentNodeNames.map((name, i) => nodeName(instance.currentNodes[i], name)).join(', '),
                })}
              </Typography.Text>
            )}
            <Link to={`/workflow/instance/info/${instance.id}`} className="approval-open">
              {t('approval.open')}
            </Link>
          </Space>
        ) : (
          !data?.canSubmit && <Typography.Text type="secondary">{t('approval.none')}</Typography.Text>
        )}
        {data?.canSubmit && !running && (
          <Button
            type="primary"
            icon={<AuditOutlined />}
            className="approval-submit"
            onClick={() => setSubmitting(true)}
          >
            {t('approval.submit')}
          </Button>
        )}
      </Flex>
      <Modal
        open={submitting}
        title={t('approval.submitTitle', {
          workflow: data?.workflowName ? seeded('workflow', data.workflowCode, data.workflowName) : '',
        })}
        okText={t('approval.submit')}
        cancelText={t('common.cancel')}
        confirmLoading={submit.isPending}
        destroyOnHidden
        onCancel={() => setSubmitting(false)}
        onOk={() =>
          void form.validateFields().then((values) =>
            submit.mutate(values, {
              onSuccess: () => {
                done.onSuccess();
                setSubmitting(false);
              },
              onError: done.onError,
            }),
          )
        }
      >
        <Form form={form} layout="vertical" preserve={false} className="approval-submit-form">
          <Form.Item name="comment" label={t('approval.comment')}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
