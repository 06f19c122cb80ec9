import { Alert, Col, Form, Input, InputNumber, Row, Select, Switch, TreeSelect, type FormInstance } from 'antd';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  slaPausableStatuses,
  slaPolicyCreateSchema,
  type SlaPolicy,
  type TicketPriority,
  type UserGroupNode,
} from '@casedesk/shared';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import { useStatusOptions } from '../../../platform/crud/StatusTag';
import { resourceKeys } from '../../../platform/crud/resource-api';
import type { FormValuesOf } from '../../../platform/crud/values';
import { requiredText, schemaRule } from '../../../platform/form-rules';
import { seededSaved, seededShown, useSeededName, useValueLabel } from '../../../platform/labels/labels';
import { searchUsers, useGroupTree } from '../../../platform/pickers/lookups';
import { RemoteSelect } from '../../../platform/pickers/RemoteSelect';
import { slaPolicyApi, useActiveCalendars } from '../api';
import { MinutesInput } from './MinutesInput';
import { PolicyConditions } from './PolicyConditions';
import { PolicyPreview } from './PolicyPreview';
import './sla.css';

// The escalation's pickers are fields of their own, named as the server names them, so a refusal lands on each.
type Values = Omit<FormValuesOf<typeof slaPolicyCreateSchema>, 'escalation'> & {
  'escalation.notifyUserIds': number[];
  'escalation.notifyGroupIds': number[];
  'escalation.assignToId': number | null;
};
type Translate = (key: string) => string;

const fields = slaPolicyCreateSchema.shape;

const toForm = (policy: SlaPolicy, t: Translate): Values => ({
  name: seededShown(t, 'slaPolicy', policy.seedCode, policy.name),
  priority: policy.priority,
  conditions: policy.conditions,
  calendarId: policy.calendarId,
  firstResponseMinutes: policy.firstResponseMinutes,
  nextUpdateMinutes: policy.nextUpdateMinutes,
  resolutionMinutes: policy.resolutionMinutes,
  pauseStatuses: policy.pauseStatuses,
  pauseDuringApproval: policy.pauseDuringApproval,
  warnBeforeMinutes: policy.warnBeforeMinutes,
  'escalation.notifyUserIds': policy.escalation.notifyUserIds,
  'escalation.notifyGroupIds': policy.escalation.notifyGroupIds,
  'escalation.assignToId': policy.escalation.assignToId,
  status: policy.status,
});

type GroupOption = { value: number; title: string; children: GroupOption[] };
const groupOptions = (nodes: UserGroupNode[]): GroupOption[] =>
  nodes.map((node) => ({ value: node.id, title: node.name, children: groupOptions(node.children) }));

/** Create or edit a service-level policy: which tickets, which calendar, the targets, pauses and escalation. */
export function SlaPolicyEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const loaded = useRef<SlaPolicy | null>(null);
  const shown = useCallback(
    (policy: SlaPolicy) => {
      loaded.current = policy;
      return toForm(policy, t);
    },
    [t],
  );
  const saved = useCallback(
    (v: Values) => {
      const policy = id === null ? null : loaded.current;
      const {
        'escalation.notifyUserIds': notifyUserIds,
        'escalation.notifyGroupIds': notifyGroupIds,
        'escalation.assignToId': assignToId,
        ...rest
      } = v;
      return {
        ...rest,
        nextUpdateMinutes: rest.nextUpdateMinutes ?? null,
        name: seededSaved(t, 'slaPolicy', policy?.seedCode, policy?.name, v.name),
        escalation: { notifyUserIds, notifyGroupIds, assignToId: assignToId ?? null },
      };
    },
    [id, t],
  );
  return (
    <EditorDrawer<SlaPolicy, Values>
      api={slaPolicyApi}
      id={id}
      onClose={onClose}
      title={id === null ? t('sla.policy.create') : t('sla.policy.edit')}
      width={760}
      defaults={{
        priority: 100,
        conditions: [],
        firstResponseMinutes: 60,
        resolutionMinutes: 480,
        nextUpdateMinutes: null,
        pauseStatuses: ['Pending'],
        pauseDuringApproval: true,
        warnBeforeMinutes: 60,
        'escalation.notifyUserIds': [],
        'escalation.notifyGroupIds': [],
        'escalation.assignToId': null,
        status: 'Active',
      }}
      toForm={shown}
      toBody={saved}
    >
      {(form, detail) => <PolicyFields form={form} policy={detail} />}
    </EditorDrawer>
  );
}

/** The form's fields: a component of its own, as it watches the targets for the preview. */
function PolicyFields({ form, policy }: { form: FormInstance<Values>; policy: SlaPolicy | undefined }) {
  const { t } = useTranslation();
  const valueLabel = useValueLabel();
  const seededName = useSeededName();
  const statusOptions = useStatusOptions();
  const calendars = useActiveCalendars();
  const groups = useGroupTree();
  const calendarId = Form.useWatch('calendarId', form);
  const firstResponseMinutes = Form.useWatch('firstResponseMinutes', form);
  const resolutionMinutes = Form.useWatch('resolutionMinutes', form);
  const nextUpdateMinutes = Form.useWatch('nextUpdateMinutes', form);
  const conditions = Form.useWatch('conditions', form);
  const calendarOptions = useMemo(() => {
    const active = (calendars.data?.items ?? []).map((c) => ({
      value: c.id,
      label: seededName('slaCalendar', c.seedCode, c.name),
      timeZone: c.timeZone,
    }));
    // A stored calendar made inactive since stays on offer under its name, so the form does not show its id.
    if (policy && !active.some((c) => c.value === policy.calendarId))
      active.push({
        value: policy.calendarId,
        label: seededName('slaCalendar', policy.calendarSeedCode, policy.calendarName ?? ''),
        timeZone: 'UTC',
      });
    return active;
  }, [calendars.data, policy, seededName]);
  // A new policy starts on the first active calendar (the seeded standard one on a fresh desk).
  const firstCalendar = calendarOptions[0]?.value;
  useEffect(() => {
    if (!policy && firstCalendar !== undefined && form.getFieldValue('calendarId') === undefined)
      form.setFieldValue('calendarId', firstCalendar);
  }, [policy, firstCalendar, form]);
  const knownUsers = useMemo(
    () => [
      ...(policy?.notifyUsers ?? []).map((u) => ({ value: u.id, label: u.name })),
      ...(policy?.escalation.assignToId && policy.assignToName
        ? [{ value: policy.escalation.assignToId, label: policy.assignToName }]
        : []),
    ],
    [policy],
  );
  const examplePriority =
    (conditions ?? []).find((c) => c.field === 'priority' && c.op === 'eq' && typeof c.value === 'string')?.value ??
    'High';
  const minutesRule = (check: (minutes: number) => string | null) => ({
    validator: async (_rule: unknown, minutes: number | null | undefined) => {
      const problem = typeof minutes === 'number' ? check(minutes) : null;
      if (problem) throw new Error(problem);
    },
  });
  return (
    <>
      <Alert type="info" showIcon className="sla-policy-note" title={t('sla.policy.appliesNote')} />
      <Row gutter={16}>
        <Col span={16}>
          <Form.Item name="name" label={t('sla.policy.fields.name')} required rules={[schemaRule(fields.name)]}>
            <Input maxLength={100} autoFocus />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="priority"
            label={t('sla.policy.fields.priority')}
            tooltip={t('sla.policy.priorityHelp')}
            rules={[schemaRule(fields.priority)]}
          >
            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="conditions" label={t('sla.policy.fields.conditions')} extra={t('sla.policy.conditionsHelp')}>
        <PolicyConditions known={policy?.conditionNames ?? []} />
      </Form.Item>
      <Form.Item
        name="calendarId"
        label={t('sla.policy.fields.calendar')}
        required
        rules={[{ required: true, message: requiredText(t('sla.policy.fields.calendar')) }]}
      >
        <Select options={calendarOptions} loading={calendars.isLoading} showSearch={{ optionFilterProp: 'label' }} />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="firstResponseMinutes"
            label={t('sla.policy.fields.firstResponse')}
            required
            rules={[schemaRule(fields.firstResponseMinutes)]}
          >
            <MinutesInput />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="resolutionMinutes"
            label={t('sla.policy.fields.resolution')}
            required
            dependencies={['firstResponseMinutes']}
            rules={[
              schemaRule(fields.resolutionMinutes),
              minutesRule((minutes) =>
                minutes < (form.getFieldValue('firstResponseMinutes') ?? 0)
                  ? t('messages.slaPolicy.resolutionBeforeFirstResponse')
                  : null,
              ),
            ]}
          >
            <MinutesInput />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="nextUpdateMinutes"
            label={t('sla.policy.fields.nextUpdate')}
            extra={t('sla.policy.nextUpdateHelp')}
          >
            <MinutesInput allowEmpty />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="warnBeforeMinutes"
            label={t('sla.policy.fields.warnBefore')}
            extra={t('sla.policy.warnBeforeHelp')}
            dependencies={['resolutionMinutes']}
            rules={[
              minutesRule((minutes) =>
                minutes >= (form.getFieldValue('resolutionMinutes') ?? Infinity)
                  ? t('messages.slaPolicy.warnTooLate')
                  : null,
              ),
            ]}
          >
            <MinutesInput />
          </Form.Item>
        </Col>
      </Row>
      <PolicyPreview
        priority={examplePriority as TicketPriority}
        draft={{
          id: policy?.id,
          calendarId,
          timeZone: calendarOptions.find((c) => c.value === calendarId)?.timeZone,
          firstResponseMinutes,
          resolutionMinutes,
          nextUpdateMinutes,
        }}
      />
      <Row gutter={16} className="sla-policy-pauses">
        <Col span={16}>
          <Form.Item
            name="pauseStatuses"
            label={t('sla.policy.fields.pauseStatuses')}
            extra={t('sla.policy.pauseHelp')}
          >
            <Select
              mode="multiple"
              options={slaPausableStatuses.map((status) => ({
                value: status,
                label: valueLabel('ticketStatus', status),
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="pauseDuringApproval"
            label={t('sla.policy.fields.pauseDuringApproval')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="escalation.notifyUserIds" label={t('sla.policy.fields.notifyUsers')}>
        <RemoteSelect
          mode="multiple"
          queryKey={resourceKeys('User').of('options')}
          search={(keyword) => searchUsers(keyword)}
          known={knownUsers}
        />
      </Form.Item>
      <Form.Item name="escalation.notifyGroupIds" label={t('sla.policy.fields.notifyGroups')}>
        <TreeSelect<number[]>
          multiple
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          loading={groups.isLoading}
          treeData={groupOptions(groups.data ?? [])}
        />
      </Form.Item>
      <Form.Item
        name="escalation.assignToId"
        label={t('sla.policy.fields.assignTo')}
        extra={t('sla.policy.assignToHelp')}
      >
        <RemoteSelect
          allowClear
          queryKey={resourceKeys('User').of('options')}
          search={(keyword) => searchUsers(keyword)}
          known={knownUsers}
        />
      </Form.Item>
      <Form.Item name="status" label={t('sla.policy.fields.status')}>
        <Select options={statusOptions} />
      </Form.Item>
    </>
  );
}
