import { useEffect, useMemo, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Col, Drawer, Form, Input, Row, Select, Space, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  userCreateSchema,
  userLanguages,
  type Position,
  type Project,
  type Role,
  type UserCreate,
  type UserGroupNode,
  type UserUpdate,
} from '@casedesk/shared';
import { HistorySection } from '../../../platform/audit/HistoryTab';
import { feedback } from '../../../platform/feedback';
import { schemaRule } from '../../../platform/form-rules';
import { PasswordPair } from '../../../platform/forms/PasswordPair';
import { languageNames } from '../../../platform/i18n';
import { useSaveFailure } from '../../../platform/crud/failure';
import { useLookup } from '../../../platform/crud/resource-api';
import { DeptTreeSelect } from '../../../platform/pickers/DeptTreeSelect';
import { useGroupTree } from '../../../platform/pickers/lookups';
import { userApi } from '../api';
import { StatusItem } from './RecordFormModal';
import { useSeededName } from '../../../platform/labels/labels';

const fields = userCreateSchema.shape;
export const userTypes = ['Staff', 'Customer', 'Vendor', 'External'] as const;

type Values = Omit<UserCreate, 'password' | 'needToChangePwd'> & {
  password?: string;
  confirmPassword?: string;
  needToChangePwd?: boolean;
};

type GroupOption = { value: number; title: string; children?: GroupOption[] };
const groupOptions = (nodes: UserGroupNode[]): GroupOption[] =>
  nodes.map((node) => ({ value: node.id, title: node.name, children: groupOptions(node.children) }));

function timeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return (
    intl.supportedValuesOf?.('timeZone') ?? ['UTC', 'Asia/Shanghai', 'Asia/Taipei', 'Asia/Hong_Kong', 'Europe/London']
  );
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** Create (no `userId`) or edit one user, with the spec's fields; saves with the rowVersion it read. */
export function UserFormDrawer({ open, userId, onClose }: { open: boolean; userId?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const [form] = Form.useForm<Values>();
  const editing = userId !== undefined;
  const detail = userApi.useDetail(open ? userId : undefined);
  const save = userApi.useSave();
  const saveFailure = useSaveFailure();
  const roles = useLookup<Role>('Role', 'role:view');
  const positions = useLookup<Position>('Position', 'position:view');
  const projects = useLookup<Project>('Project', 'project:view');
  const groups = useGroupTree(open);
  const zones = useMemo(timeZones, []);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing && detail.data) form.setFieldsValue(detail.data as unknown as Values);
  }, [open, editing, detail.data, form]);

  const submit = (values: Values) => {
    const { confirmPassword: _confirm, ...rest } = values;
    const common = {
      ...rest,
      lastName: blankToNull(rest.lastName),
      fullName: blankToNull(rest.fullName),
      email: blankToNull(rest.email),
      mobile: blankToNull(rest.mobile),
      userType: blankToNull(rest.userType),
      timeZone: rest.timeZone ?? null,
      location: blankToNull(rest.location),
      jobTitle: blankToNull(rest.jobTitle),
      escalation: blankToNull(rest.escalation),
      remark: blankToNull(rest.remark),
      deptId: rest.deptId ?? null,
      positionId: rest.positionId ?? null,
      roles: rest.roles ?? [],
      groups: rest.groups ?? [],
      projects: rest.projects ?? [],
    };
    const body =
      editing && detail.data
        ? ({
            ...common,
            password: undefined,
            needToChangePwd: undefined,
            rowVersion: detail.data.rowVersion,
            sex: detail.data.sex,
            birth: detail.data.birth,
            address: detail.data.address,
            masterUser: detail.data.masterUser,
          } as unknown as UserUpdate)
        : ({
            ...common,
            password: values.password ?? '',
            needToChangePwd: values.needToChangePwd ?? true,
          } as UserCreate);
    save.mutate(
      { id: editing && detail.data ? detail.data.id : null, body: body as Record<string, unknown> },
      {
        onSuccess: () => {
          feedback.success(t('server.operationSuccessful'));
          onClose();
        },
        onError: (error) => saveFailure(error, form, () => void detail.refetch()),
      },
    );
  };

  const item = (name: keyof typeof fields, label: string, node: ReactNode, required = false) => (
    <Form.Item name={name} label={label} rules={[schemaRule(fields[name])]} required={required}>
      {node}
    </Form.Item>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={780}
      destroyOnHidden
      title={editing ? t('organization.user.editTitle') : t('organization.user.createTitle')}
      loading={editing && detail.isPending}
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          status: 'Active',
          language: 'en',
          privateTicket: false,
          canEmail: true,
          incidentEmailNotify: true,
          needToChangePwd: true,
          roles: [],
          groups: [],
          projects: [],
        }}
      >
        <div className="org-form-section">{t('organization.user.sections.account')}</div>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            {item(
              'loginName',
              t('organization.user.fields.loginName'),
              <Input maxLength={50} disabled={editing} autoComplete="off" />,
              true,
            )}
          </Col>
          <Col xs={24} md={12}>
            <StatusItem label={t('organization.user.fields.status')} />
          </Col>
          {!editing && (
            <>
              <PasswordPair
                name="password"
                labels={{
                  password: t('organization.user.fields.password'),
                  confirm: t('organization.user.fields.confirmPassword'),
                }}
                wrap={(field, key) => (
                  <Col key={key} xs={24} md={12}>
                    {field}
                  </Col>
                )}
              />
              <Col span={24}>
                <Form.Item name="needToChangePwd" valuePropName="checked">
                  <Checkbox>{t('organization.user.fields.needToChangePwd')}</Checkbox>
                </Form.Item>
              </Col>
            </>
          )}
        </Row>

        <div className="org-form-section">{t('organization.user.sections.person')}</div>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            {item('realName', t('organization.user.fields.realName'), <Input maxLength={50} />, true)}
          </Col>
          <Col xs={24} md={12}>
            {item('lastName', t('organization.user.fields.lastName'), <Input maxLength={50} />)}
          </Col>
          <Col xs={24} md={12}>
            {item(
              'fullName',
              t('organization.user.fields.fullName'),
              <Input maxLength={100} placeholder={t('organization.user.fullNameHint')} />,
            )}
          </Col>
          <Col xs={24} md={12}>
            {item('email', t('organization.user.fields.email'), <Input maxLength={200} type="email" />)}
          </Col>
          <Col xs={24} md={12}>
            {item('mobile', t('organization.user.fields.mobile'), <Input maxLength={30} />)}
          </Col>
          <Col xs={24} md={12}>
            {item('jobTitle', t('organization.user.fields.jobTitle'), <Input maxLength={100} />)}
          </Col>
        </Row>

        <div className="org-form-section">{t('organization.user.sections.organisation')}</div>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="deptId" label={t('organization.user.fields.dept')}>
              <DeptTreeSelect placeholder={t('organization.common.choose')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="positionId" label={t('organization.user.fields.position')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={positions.isLoading}
                placeholder={t('organization.common.choose')}
                options={(positions.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="roles" label={t('organization.user.fields.roles')}>
              <Select
                mode="multiple"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={roles.isLoading}
                placeholder={t('organization.common.choose')}
                options={(roles.data ?? []).map((r) => ({
                  value: r.id,
                  label: seeded('role', r.code, r.name),
                  disabled: !r.enabled,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="groups"
              label={t('organization.user.fields.groups')}
              extra={editing ? undefined : t('organization.user.defaultGroupHint')}
            >
              <TreeSelect<number[]>
                multiple
                allowClear
                showSearch
                treeNodeFilterProp="title"
                treeDefaultExpandAll
                loading={groups.isLoading}
                placeholder={t('organization.common.choose')}
                treeData={groupOptions(groups.data ?? [])}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="projects" label={t('organization.user.fields.projects')}>
              <Select
                mode="multiple"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={projects.isLoading}
                placeholder={t('organization.common.choose')}
                maxTagCount="responsive"
                options={(projects.data ?? []).map((p) => ({
                  value: p.id,
                  label: `${p.projectCode} ${p.projectName}`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="userType" label={t('organization.user.fields.userType')}>
              <Select
                allowClear
                placeholder={t('organization.common.choose')}
                options={userTypes.map((value) => ({ value, label: t(`organization.user.types.${value}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {item(
              'escalation',
              t('organization.user.fields.escalation'),
              <Input maxLength={200} placeholder={t('organization.user.escalationHint')} />,
            )}
          </Col>
          <Col xs={24} md={12}>
            {item('location', t('organization.user.fields.location'), <Input maxLength={100} />)}
          </Col>
        </Row>

        <div className="org-form-section">{t('organization.user.sections.preferences')}</div>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="language" label={t('organization.user.fields.language')}>
              <Select options={userLanguages.map((value) => ({ value, label: languageNames[value] }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="timeZone" label={t('organization.user.fields.timeZone')}>
              <Select
                allowClear
                showSearch
                placeholder={t('organization.common.choose')}
                options={zones.map((zone) => ({ value: zone, label: zone }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="privateTicket" label={t('organization.user.fields.privateTicket')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="canEmail" label={t('organization.user.fields.canEmail')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="incidentEmailNotify"
              label={t('organization.user.fields.incidentEmailNotify')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col span={24}>
            {item('remark', t('organization.user.fields.remark'), <Input.TextArea maxLength={500} rows={2} />)}
          </Col>
        </Row>
        {editing && detail.data?.locked && <Alert type="warning" showIcon title={t('organization.user.lockedNote')} />}
      </Form>
      <HistorySection entity="User" entityId={userId} />
    </Drawer>
  );
}
