import { Col, Form, Input, InputNumber, Row, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  workflowMessages,
  workflowRegistryCreateSchema,
  workflowTypes,
  type Condition,
  type WorkflowType,
} from '@casedesk/shared';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import { useStatusOptions } from '../../../platform/crud/StatusTag';
import { schemaRule } from '../../../platform/form-rules';
import { usePublishedWorkflows, workflowRegistryApi, type WorkflowRegistryRecord } from '../api';
import { ConditionsBuilder } from './ConditionsBuilder';
import { useRecordFields } from './node-texts';
import { translateServerMessage } from '../../../platform/server-messages';

type Values = z.input<typeof workflowRegistryCreateSchema>;

const fields = workflowRegistryCreateSchema.shape;
const toForm = (r: WorkflowRegistryRecord): Values => ({
  businessType: r.businessType,
  workflowCode: r.workflowCode,
  conditions: r.conditions,
  priority: r.priority,
  status: r.status,
  description: r.description,
});
const toBody = (v: Values) => ({
  ...v,
  conditions: v.conditions ?? [],
  description: v.description?.trim() || null,
});
const isBlank = (value: Condition['value']) => (Array.isArray(value) ? value.length === 0 : value === '');

/** The first condition the server would refuse for sure (an unknown field, no value); the server checks the rest. */
function conditionProblem(conditions: Condition[], known: Set<string>, label: string): string | null {
  for (const condition of conditions) {
    const values = { node: label, field: condition.field };
    if (!known.has(condition.field))
      return translateServerMessage({
        message: workflowMessages.unknownField,
        messageKey: 'workflow.unknownField',
        messageValues: values,
      });
    if (isBlank(condition.value))
      return translateServerMessage({
        message: workflowMessages.badFieldValue,
        messageKey: 'workflow.badFieldValue',
        messageValues: values,
      });
  }
  return null;
}

const defaults: Partial<Values> = { businessType: 'Ticket', conditions: [], priority: 100, status: 'Active' };

/** Which workflow a submitted record of a type runs: by conditions over its fields, lower priority first. */
export function RegistryEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <EditorDrawer<WorkflowRegistryRecord, Values>
      api={workflowRegistryApi}
      id={id}
      onClose={onClose}
      title={id === null ? t('workflow.registry.create') : t('workflow.registry.edit')}
      width={760}
      defaults={defaults}
      toForm={toForm}
      toBody={toBody}
    >
      {(form) => <RegistryFields form={form} />}
    </EditorDrawer>
  );
}

function RegistryFields({ form }: { form: FormInstance<Values> }) {
  const { t } = useTranslation();
  const statusOptions = useStatusOptions();
  const type = (Form.useWatch('businessType', form) ?? 'Ticket') as WorkflowType;
  const workflows = usePublishedWorkflows(type);
  // Fixed and custom fields alike (an archived custom field a stored condition names is still known).
  const { definitions, fields: offered } = useRecordFields(type);
  const known = new Set([...offered.map((f) => f.name), ...definitions.map((d) => `custom.${d.key}`)]);
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={10}>
          <Form.Item name="businessType" label={t('workflow.registry.fields.businessType')} required>
            <Select
              className="wf-registry-type"
              options={workflowTypes.map((value) => ({ value, label: t(`workflow.type.${value}`) }))}
              // Another type has other fields and other workflows.
              onChange={() => form.setFieldsValue({ workflowCode: undefined, conditions: [] })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14}>
          <Form.Item
            name="workflowCode"
            label={t('workflow.registry.fields.workflow')}
            required
            rules={[schemaRule(fields.workflowCode)]}
          >
            <Select
              className="wf-registry-workflow"
              showSearch={{ optionFilterProp: 'label' }}
              loading={workflows.isLoading}
              placeholder={t('workflow.registry.chooseWorkflow')}
              notFoundContent={t('workflow.registry.noPublished')}
              options={(workflows.data ?? []).map((w) => ({ value: w.code, label: `${w.name} (${w.code})` }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="conditions"
        label={t('workflow.registry.fields.conditions')}
        extra={t('workflow.registry.conditionsHint')}
        rules={[
          {
            validator: async (_rule, value: Condition[] | undefined) => {
              const problem = conditionProblem(value ?? [], known, t('workflow.registry.fields.conditions'));
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <ConditionsBuilder type={type} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="priority"
            label={t('workflow.registry.fields.priority')}
            tooltip={t('workflow.registry.priorityHint')}
            rules={[schemaRule(fields.priority.unwrap())]}
          >
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="status" label={t('workflow.registry.fields.status')}>
            <Select options={statusOptions} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="description" label={t('workflow.registry.fields.description')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </>
  );
}
