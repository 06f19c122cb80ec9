import type { ReactNode } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Divider,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Switch,
  Table,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  approverModes,
  approverStrategies,
  fieldAccesses,
  selfApproverActions,
  type ApproverRule,
  type FlowBranch,
  type FlowNode,
  type WorkflowType,
} from '@casedesk/shared';
import { UserSelect } from '../../../platform/pickers/UserSelect';
import { ConditionsBuilder } from './ConditionsBuilder';
import { branchConditions, isBranchNode, withConditions } from './flow-edit';
import { strategiesWithIds, useFieldTexts, useKnownUsers, useRecordFields } from './node-texts';
import { nodeFromValues, valuesOf, type NodeValues as Values } from './node-values';
import { DeptsSelect, GroupsSelect, PositionsSelect, RolesSelect } from './OrgPickers';
import { useSeededNameField } from './seeded-flow';

/** The picker of the rule's ids, by strategy. */
function RuleIds({ strategy, known }: { strategy: ApproverRule['strategy']; known: ReturnType<typeof useKnownUsers> }) {
  const { t } = useTranslation();
  const name = ['approvers', 'ids'];
  const required = strategiesWithIds.has(strategy);
  const label = t(`workflow.node.ids.${strategy === 'deptLeader' ? 'deptMembers' : strategy}`, {
    defaultValue: t('workflow.node.ids.users'),
  });
  const item = (input: ReactNode, extra?: string) => (
    <Form.Item name={name} label={label} required={required} extra={extra} className="wf-rule-ids">
      {input}
    </Form.Item>
  );
  switch (strategy) {
    case 'users':
      return item(<UserSelect mode="multiple" known={known} />);
    case 'role':
      return item(<RolesSelect />);
    case 'group':
      return item(<GroupsSelect />);
    case 'position':
      return item(<PositionsSelect />);
    case 'deptMembers':
      return item(<DeptsSelect />);
    case 'deptLeader':
      return item(<DeptsSelect placeholder={t('workflow.node.initiatorDept')} />, t('workflow.node.deptLeaderHint'));
    default:
      return null;
  }
}

/** Who: strategy and its settings (approver and CC nodes). */
function RuleFields({ type, values }: { type: WorkflowType; values: Values }) {
  const { t } = useTranslation();
  const { fieldLabel } = useFieldTexts(type);
  const strategy = (values.approvers?.strategy ?? 'users') as ApproverRule['strategy'];
  const known = useKnownUsers(strategy === 'users' ? values.approvers?.ids : []);
  const userFields = useRecordFields(type).fields.filter((f) => f.kind === 'user');
  return (
    <>
      <Form.Item name={['approvers', 'strategy']} label={t('workflow.node.strategy')}>
        <Select
          className="wf-strategy"
          options={approverStrategies.map((s) => ({ value: s, label: t(`workflow.strategy.${s}`) }))}
        />
      </Form.Item>
      <RuleIds strategy={strategy} known={known} />
      {strategy === 'leaderLevels' && (
        <Form.Item
          name={['approvers', 'levels']}
          label={t('workflow.node.levels')}
          extra={t('workflow.node.levelsHint')}
        >
          <InputNumber min={1} max={10} precision={0} />
        </Form.Item>
      )}
      {strategy === 'recordField' && (
        <Form.Item name={['approvers', 'field']} label={t('workflow.node.recordField')} required>
          <Select
            className="wf-record-field"
            options={userFields.map((f) => ({ value: f.name, label: fieldLabel(f.name) }))}
          />
        </Form.Item>
      )}
      {(strategy === 'initiatorPicks' || strategy === 'previousPicks') && (
        <Alert type="info" showIcon title={t(`workflow.node.${strategy}Hint`)} style={{ marginBottom: 16 }} />
      )}
    </>
  );
}

/** Read / write / hidden for each field of the record type, its custom fields too. */
function FieldPermissions({ type }: { type: WorkflowType }) {
  const { t } = useTranslation();
  const { fieldLabel } = useFieldTexts(type);
  const { fields, fieldOf } = useRecordFields(type);
  // An archived custom field the node still restricts stays listed, so its setting can be seen and undone.
  const set = (Form.useWatch('fieldPermissions') ?? {}) as Record<string, string>;
  const kept = Object.keys(set)
    .filter((name) => set[name] !== 'read' && !fields.some((f) => f.name === name))
    .flatMap((name) => fieldOf(name) ?? []);
  return (
    <Table
      className="wf-field-perms"
      size="small"
      pagination={false}
      rowKey="name"
      dataSource={[...fields, ...kept]}
      columns={[
        { key: 'name', title: t('workflow.node.field'), render: (_, f) => fieldLabel(f.name) },
        {
          key: 'access',
          title: t('workflow.node.access'),
          render: (_, f) => (
            <Form.Item name={['fieldPermissions', f.name]} noStyle initialValue="read">
              <Radio.Group
                size="small"
                optionType="button"
                options={fieldAccesses.map((access) => ({
                  value: access,
                  label: t(`workflow.node.fieldAccess.${access}`),
                }))}
              />
            </Form.Item>
          ),
        },
      ]}
    />
  );
}

function ApproverFields({ type, values }: { type: WorkflowType; values: Values }) {
  const { t } = useTranslation();
  const mode = values.mode as string | undefined;
  const noApprover = values.noApprover as { action?: string; userId?: number } | undefined;
  const fallbackKnown = useKnownUsers(noApprover?.userId ? [noApprover.userId] : []);
  return (
    <>
      <RuleFields type={type} values={values} />
      <Form.Item name="mode" label={t('workflow.node.mode')}>
        <Radio.Group className="wf-mode">
          {approverModes.map((m) => (
            <Radio key={m} value={m} className={`wf-mode-${m}`}>
              {t(`workflow.mode.${m}`)}
              <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 4 }}>
                {t(`workflow.mode.hint.${m}`)}
              </Typography.Text>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {mode === 'percent' && (
        <Form.Item name="percent" label={t('workflow.node.percent')} required>
          <InputNumber min={1} max={100} precision={0} suffix="%" />
        </Form.Item>
      )}
      <Divider titlePlacement="start">{t('workflow.node.exceptions')}</Divider>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name={['noApprover', 'action']} label={t('workflow.node.noApprover')}>
            <Select
              className="wf-no-approver"
              options={(['autoApprove', 'reject', 'fallback'] as const).map((a) => ({
                value: a,
                label: t(`workflow.node.noApproverAction.${a}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          {noApprover?.action === 'fallback' && (
            <Form.Item name={['noApprover', 'userId']} label={t('workflow.node.fallbackUser')} required>
              <UserSelect known={fallbackKnown} />
            </Form.Item>
          )}
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="selfApprover" label={t('workflow.node.selfApprover')}>
            <Select
              options={selfApproverActions.map((a) => ({
                value: a,
                label: t(`workflow.node.selfApproverAction.${a}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="onReject" label={t('workflow.node.onReject')}>
            <Select
              className="wf-on-reject"
              options={(['end', 'returnToInitiator'] as const).map((a) => ({
                value: a,
                label: t(`workflow.node.onRejectAction.${a}`),
              }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="skipIfApproved" valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox>{t('workflow.node.skipIfApproved')}</Checkbox>
      </Form.Item>
      <Form.Item label={t('workflow.node.reasonRequired')}>
        <Form.Item name={['reasonRequired', 'approve']} valuePropName="checked" noStyle>
          <Checkbox>{t('workflow.node.reasonOnApprove')}</Checkbox>
        </Form.Item>
        <Form.Item name={['reasonRequired', 'reject']} valuePropName="checked" noStyle>
          <Checkbox>{t('workflow.node.reasonOnReject')}</Checkbox>
        </Form.Item>
      </Form.Item>
      <Divider titlePlacement="start">{t('workflow.node.timeout')}</Divider>
      <Form.Item name="timeoutOn" valuePropName="checked" label={t('workflow.node.timeoutOn')}>
        <Switch className="wf-timeout-on" />
      </Form.Item>
      {Boolean(values.timeoutOn) && (
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name={['timeout', 'hours']}
              label={t('workflow.node.timeoutHoursLabel')}
              tooltip={t('workflow.node.workingHoursHint')}
            >
              <InputNumber min={0.25} max={10000} step={1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name={['timeout', 'remindTimes']} label={t('workflow.node.remindTimes')}>
              <InputNumber min={0} max={10} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name={['timeout', 'action']} label={t('workflow.node.timeoutAction')}>
              <Select
                options={(['none', 'approve', 'reject', 'escalate'] as const).map((a) => ({
                  value: a,
                  label: t(`workflow.node.timeoutActions.${a}`),
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Divider titlePlacement="start">{t('workflow.node.fieldPermissions')}</Divider>
      <FieldPermissions type={type} />
    </>
  );
}

function StartFields({ type, values }: { type: WorkflowType; values: Values }) {
  const { t } = useTranslation();
  const initiators = values.initiators as { everyone?: boolean; userIds?: number[] } | undefined;
  const known = useKnownUsers(initiators?.userIds);
  return (
    <>
      <Form.Item name={['initiators', 'everyone']} label={t('workflow.node.initiators')}>
        <Radio.Group
          className="wf-initiators"
          options={[
            { value: true, label: t('workflow.node.everyone') },
            { value: false, label: t('workflow.node.chosenInitiators') },
          ]}
        />
      </Form.Item>
      {initiators?.everyone === false && (
        <>
          <Form.Item name={['initiators', 'userIds']} label={t('workflow.node.ids.users')}>
            <UserSelect mode="multiple" known={known} />
          </Form.Item>
          <Form.Item name={['initiators', 'roleIds']} label={t('workflow.node.ids.role')}>
            <RolesSelect />
          </Form.Item>
          <Form.Item name={['initiators', 'deptIds']} label={t('workflow.node.ids.deptMembers')}>
            <DeptsSelect />
          </Form.Item>
        </>
      )}
      <Form.Item name="allowCancel" valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox className="wf-allow-cancel">{t('workflow.node.allowCancel')}</Checkbox>
      </Form.Item>
      <Form.Item name="allowRecall" valuePropName="checked">
        <Checkbox className="wf-allow-recall">{t('workflow.node.allowRecall')}</Checkbox>
      </Form.Item>
      <Divider titlePlacement="start">{t('workflow.node.fieldPermissions')}</Divider>
      <FieldPermissions type={type} />
    </>
  );
}

const nameRules = (required: string) => [{ required: true, whitespace: true, message: required }, { max: 100 }];

/** The property drawer of one node: every rule of its type, applied to the tree as it is changed. */
export function NodeDrawer({
  node,
  type,
  problems,
  onChange,
  onRemove,
  onClose,
  readOnly = false,
}: {
  node: FlowNode;
  type: WorkflowType;
  problems: string[];
  onChange: (node: FlowNode) => void;
  onRemove: (() => void) | null;
  onClose: () => void;
  /** Shows the rules without changing them (no edit permission, a disabled workflow). */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const name = useSeededNameField(node.id, node.name);
  const values = (Form.useWatch([], { form, preserve: true }) as Values | undefined) ?? valuesOf(node, type);
  return (
    <Drawer
      open
      className="wf-node-drawer"
      size={620}
      title={t(`workflow.node.title.${node.type}`)}
      onClose={onClose}
      footer={
        onRemove &&
        !readOnly && (
          <Button danger className="wf-node-remove" onClick={onRemove}>
            {t('workflow.design.removeNode')}
          </Button>
        )
      }
    >
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="wf-node-problems"
          style={{ marginBottom: 16 }}
          title={problems.map((text) => (
            <div key={text}>{text}</div>
          ))}
        />
      )}
      <Form<Values>
        key={node.id}
        form={form}
        disabled={readOnly}
        layout="vertical"
        initialValues={{ ...valuesOf(node, type), name: name.shown }}
        onValuesChange={(changed: Values) => {
          // A new strategy starts without the previous one's ids, levels or field.
          if (changed.approvers?.strategy)
            form.setFieldsValue({ approvers: { strategy: changed.approvers.strategy, ids: [], levels: 1 } });
          const next = nodeFromValues(node, form.getFieldsValue(true) as Values);
          onChange({ ...next, name: name.saved(next.name) });
        }}
      >
        <Form.Item name="name" label={t('workflow.node.name')} rules={nameRules(t('workflow.node.nameRequired'))}>
          <Input className="wf-node-name" maxLength={100} />
        </Form.Item>
        {node.type === 'approver' && <ApproverFields type={type} values={values} />}
        {node.type === 'cc' && (
          <>
            <RuleFields type={type} values={values} />
            <Divider titlePlacement="start">{t('workflow.node.fieldPermissions')}</Divider>
            <FieldPermissions type={type} />
          </>
        )}
        {node.type === 'start' && <StartFields type={type} values={values} />}
        {isBranchNode(node) && (
          <Typography.Paragraph type="secondary">{t(`workflow.node.hint.${node.type}`)}</Typography.Paragraph>
        )}
      </Form>
    </Drawer>
  );
}

/** The drawer of one branch: its name and, in a condition, its conditions (the default branch has none). */
export function BranchDrawer({
  branch,
  ownerType,
  type,
  onChange,
  onClose,
  readOnly = false,
}: {
  branch: FlowBranch;
  ownerType: 'condition' | 'parallel';
  type: WorkflowType;
  onChange: (branch: FlowBranch) => void;
  onClose: () => void;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const conditional = ownerType === 'condition' && !branch.isDefault;
  const name = useSeededNameField(branch.id, branch.name);
  return (
    <Drawer open className="wf-branch-drawer" size={640} title={t(`workflow.node.title.branch`)} onClose={onClose}>
      <Form<Values>
        key={branch.id}
        form={form}
        disabled={readOnly}
        layout="vertical"
        initialValues={{ name: name.shown, conditions: branchConditions(branch) }}
        onValuesChange={() => {
          const v = form.getFieldsValue(true) as Values;
          const named = { ...branch, name: typeof v.name === 'string' ? name.saved(v.name) : branch.name };
          onChange(conditional ? withConditions(named, v.conditions ?? []) : named);
        }}
      >
        <Form.Item name="name" label={t('workflow.node.branchName')} rules={nameRules(t('workflow.node.nameRequired'))}>
          <Input className="wf-branch-name-input" maxLength={100} />
        </Form.Item>
        {conditional ? (
          <Form.Item name="conditions" label={t('workflow.node.conditions')} extra={t('workflow.node.conditionsHint')}>
            <ConditionsBuilder type={type} />
          </Form.Item>
        ) : (
          <Typography.Paragraph type="secondary">
            {t(ownerType === 'parallel' ? 'workflow.design.parallelHint' : 'workflow.design.defaultHint')}
          </Typography.Paragraph>
        )}
      </Form>
    </Drawer>
  );
}
