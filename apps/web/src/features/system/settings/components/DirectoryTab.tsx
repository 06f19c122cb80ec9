import { useState } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Select, Skeleton, Space, Switch, Table, Typography } from 'antd';
import { StatusResult } from '../../../../platform/StatusResult';
import { useTranslation } from 'react-i18next';
import {
  directoryAttributesSchema,
  directorySettingsSchema,
  validateQuartzCron,
  type DirectoryAttributes,
  type DirectoryRoleMapping,
  type DirectoryShown,
  type DirectoryTest,
  type DirectoryTestResult,
} from '@casedesk/shared';
import { useLookup } from '../../../../platform/crud/resource-api';
import { CronEditor } from '../../../../platform/cron/CronEditor';
import { feedback } from '../../../../platform/feedback';
import { useFormFill } from '../../../../platform/form-fill';
import { requiredText, schemaRule } from '../../../../platform/form-rules';
import { formatDateTime } from '../../../../platform/format';
import { ApiError } from '../../../../platform/http/client';
import { useSeededName } from '../../../../platform/labels/labels';
import { usePermissions } from '../../../../platform/permission';
import { translateServerMessage } from '../../../../platform/server-messages';
import { useDirectory, useSaveDirectory, useTestDirectory } from '../directory-api';
import { DirectorySync } from './DirectorySync';

/** The form's values: the settings, the password as typed (empty keeps the stored one) and whether a schedule runs. */
type DirectoryForm = Omit<DirectoryShown['value'], 'bindPasswordSet'> & { bindPassword: string; scheduled: boolean };

const attributeNames = ['loginName', 'email', 'fullName', 'mobile', 'department', 'manager'] as const;
/** The schedule offered when sync is first put on a timetable: every night at two. */
const nightly = '0 0 2 * * ?';

const formOf = ({ value }: DirectoryShown): DirectoryForm => {
  const { bindPasswordSet: _set, ...settings } = value;
  return {
    ...settings,
    bindPassword: '',
    scheduled: settings.syncCron !== '',
    syncCron: settings.syncCron || nightly,
  };
};

/** What Save and Test send: the settings as typed; the password only when one was typed. */
const bodyOf = ({ scheduled, bindPassword, syncCron, ...settings }: DirectoryForm): DirectoryTest => ({
  ...settings,
  defaultRoleCode: settings.defaultRoleCode ?? null,
  roleMappings: settings.roleMappings ?? [],
  syncCron: scheduled ? syncCron : '',
  ...(bindPassword ? { bindPassword } : {}),
});

/** Settings → Directory (contract 24): users, departments and their leaders kept in step with an LDAP directory. */
export function DirectoryTab() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useDirectory();
  if (isPending) return <Skeleton active />;
  if (isError || !data)
    return (
      <StatusResult
        status="warning"
        title={t('settings.loadFailed')}
        extra={<a onClick={() => void refetch()}>{t('errors.page.retry')}</a>}
      />
    );
  return (
    <>
      <DirectorySettingsForm shown={data} reload={refetch} />
      <DirectorySync lastSync={data.lastSync} />
    </>
  );
}

function DirectorySettingsForm({ shown, reload }: { shown: DirectoryShown; reload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const [form] = Form.useForm<DirectoryForm>();
  const save = useSaveDirectory();
  const test = useTestDirectory();
  const canSave = usePermissions().has('settings:save');
  const roles = useLookup<{ code: string; name: string }>('Role', 'role:view').data ?? [];
  const roleOptions = roles.map((r) => ({ value: r.code, label: seeded('role', r.code, r.name) }));
  const [testResult, setTestResult] = useState<{ ok: DirectoryTestResult } | { error: string } | null>(null);
  // The form is filled again only when the settings themselves changed (a save, another's save), never when a
  // sync re-reads its last-sync line: that would wipe what is typed.
  const [fillFrom, setFillFrom] = useState(shown);
  if (fillFrom.rowVersion !== shown.rowVersion) setFillFrom(shown);
  useFormFill(form, fillFrom, formOf);
  const passwordSet = shown.value.bindPasswordSet;

  const onFinish = (values: DirectoryForm) => {
    save.mutate(
      { value: bodyOf(values), rowVersion: shown.rowVersion },
      {
        onSuccess: () => feedback.success(t('settings.saved')),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            feedback.warning(t('settings.stale'));
            void reload();
            return;
          }
          if (error instanceof ApiError && error.fieldErrors.length > 0)
            form.setFields(
              error.fieldErrors.map((f) => ({
                name: f.field.replace(/^value\./, '').split('.'),
                errors: [translateServerMessage(f)],
              })) as Parameters<typeof form.setFields>[0],
            );
          feedback.error(translateServerMessage(error));
        },
      },
    );
  };

  const runTest = async () => {
    setTestResult(null);
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    test.mutate(bodyOf(values), {
      onSuccess: (ok) => setTestResult({ ok }),
      onError: (error) => setTestResult({ error: translateServerMessage(error) }),
    });
  };

  // Turning sync on needs a server, a base and the login-name attribute (the shared rule's words).
  const neededWhenOn = {
    validator: async (_rule: unknown, value: string | undefined) => {
      if (form.getFieldValue('enabled') && !value?.trim()) throw new Error(requiredText());
    },
  };

  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ flex: '220px' }}
      labelWrap
      wrapperCol={{ flex: '1 1 0', style: { minWidth: 0 } }}
      className="settings-form settings-directory"
      data-row-version={shown.rowVersion}
      style={{ maxWidth: 860 }}
      disabled={!canSave}
      onFinish={onFinish}
    >
      <Form.Item
        name="enabled"
        label={t('settings.directory.enabled')}
        extra={t('settings.directory.enabledHelp')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="url"
        label={t('settings.directory.url')}
        extra={t('settings.directory.urlHelp')}
        dependencies={['enabled']}
        rules={[schemaRule(directorySettingsSchema.shape.url), neededWhenOn]}
      >
        <Input placeholder="ldaps://dc1.example.com:636" maxLength={500} style={{ maxWidth: 420 }} />
      </Form.Item>
      <Form.Item
        name="startTls"
        label={t('settings.directory.startTls')}
        extra={t('settings.directory.startTlsHelp')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item name="bindDn" label={t('settings.directory.bindDn')} extra={t('settings.directory.bindDnHelp')}>
        <Input placeholder="cn=casedesk,ou=services,dc=example,dc=com" maxLength={500} style={{ maxWidth: 420 }} />
      </Form.Item>
      <Form.Item
        name="bindPassword"
        label={t('settings.directory.bindPassword')}
        extra={passwordSet ? t('settings.directory.bindPasswordSet') : t('settings.directory.bindPasswordNone')}
      >
        <Input.Password
          maxLength={500}
          autoComplete="new-password"
          placeholder={passwordSet ? t('settings.directory.bindPasswordKeep') : ''}
          style={{ maxWidth: 420 }}
        />
      </Form.Item>
      <Form.Item
        name="userBaseDn"
        label={t('settings.directory.userBaseDn')}
        extra={t('settings.directory.userBaseDnHelp')}
        dependencies={['enabled']}
        rules={[neededWhenOn]}
      >
        <Input placeholder="ou=people,dc=example,dc=com" maxLength={500} style={{ maxWidth: 420 }} />
      </Form.Item>
      <Form.Item
        name="userFilter"
        label={t('settings.directory.userFilter')}
        extra={t('settings.directory.userFilterHelp')}
        rules={[schemaRule(directorySettingsSchema.shape.userFilter)]}
      >
        <Input placeholder="(objectClass=inetOrgPerson)" maxLength={1000} style={{ maxWidth: 420 }} />
      </Form.Item>
      <Typography.Title level={5} className="directory-heading">
        {t('settings.directory.attributesTitle')}
      </Typography.Title>
      {attributeNames.map((name) => (
        <Form.Item
          key={name}
          name={['attributes', name]}
          label={t(`settings.directory.attributes.${name}`)}
          extra={t(`settings.directory.attributesHelp.${name}`)}
          dependencies={name === 'loginName' ? ['enabled'] : []}
          rules={[
            schemaRule(directoryAttributesSchema.shape[name satisfies keyof DirectoryAttributes]),
            ...(name === 'loginName' ? [neededWhenOn] : []),
          ]}
        >
          <Input maxLength={100} style={{ maxWidth: 260 }} />
        </Form.Item>
      ))}
      <Typography.Title level={5} className="directory-heading">
        {t('settings.directory.rolesTitle')}
      </Typography.Title>
      <Form.Item label={t('settings.directory.roleMappings')} extra={t('settings.directory.roleMappingsHelp')}>
        <RoleMappings roleOptions={roleOptions} />
      </Form.Item>
      <Form.Item
        name="defaultRoleCode"
        label={t('settings.directory.defaultRole')}
        extra={t('settings.directory.defaultRoleHelp')}
      >
        <Select allowClear options={roleOptions} optionFilterProp="label" style={{ maxWidth: 260 }} />
      </Form.Item>
      <Form.Item
        name="scheduled"
        label={t('settings.directory.scheduled')}
        extra={t('settings.directory.scheduledHelp')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      {/* Always registered (hidden while off), so that a schedule typed once is kept when switched off and on. */}
      <Form.Item noStyle dependencies={['scheduled']}>
        {({ getFieldValue }) => (
          <Form.Item
            name="syncCron"
            label={t('settings.directory.syncCron')}
            hidden={!getFieldValue('scheduled')}
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  if (!getFieldValue('scheduled')) return;
                  if (!value) throw new Error(requiredText());
                  const problem = validateQuartzCron(value);
                  if (problem) throw new Error(translateServerMessage(problem.message));
                },
              },
            ]}
          >
            <CronEditor />
          </Form.Item>
        )}
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space size="middle" wrap>
          {canSave && (
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="directory-save">
              {t('settings.save')}
            </Button>
          )}
          {canSave && (
            <Button loading={test.isPending} onClick={() => void runTest()} data-testid="directory-test">
              {t('settings.directory.test')}
            </Button>
          )}
          <Typography.Text type="secondary">
            {shown.modifiedAt
              ? t('settings.lastSaved', { time: formatDateTime(shown.modifiedAt) })
              : t('settings.neverSaved')}
          </Typography.Text>
        </Space>
      </Form.Item>
      {testResult && (
        <Form.Item label=" " colon={false}>
          <TestOutcome result={testResult} />
        </Form.Item>
      )}
    </Form>
  );
}

/** Group DN → role rows (each group once: the shared rule says so when saved). */
function RoleMappings({ roleOptions }: { roleOptions: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  return (
    <Form.List name="roleMappings">
      {(rows, { add, remove }) => (
        <div className="directory-role-mappings">
          {rows.map((row) => (
            <Space key={row.key} align="start" style={{ display: 'flex', marginBottom: 8 }} wrap>
              <Form.Item
                name={[row.name, 'groupDn']}
                rules={[
                  schemaRule(
                    directorySettingsSchema.shape.roleMappings.element.shape.groupDn,
                    t('settings.directory.groupDn'),
                  ),
                ]}
                style={{ marginBottom: 0 }}
              >
                <Input
                  placeholder={t('settings.directory.groupDnPlaceholder')}
                  aria-label={t('settings.directory.groupDn')}
                  maxLength={500}
                  style={{ width: 340 }}
                />
              </Form.Item>
              <Form.Item
                name={[row.name, 'roleCode']}
                rules={[
                  schemaRule(
                    directorySettingsSchema.shape.roleMappings.element.shape.roleCode,
                    t('settings.directory.role'),
                  ),
                ]}
                style={{ marginBottom: 0 }}
              >
                <Select
                  options={roleOptions}
                  optionFilterProp="label"
                  showSearch
                  placeholder={t('settings.directory.role')}
                  aria-label={t('settings.directory.role')}
                  style={{ width: 200 }}
                />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('settings.directory.removeMapping')}
                onClick={() => remove(row.name)}
              />
            </Space>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ groupDn: '', roleCode: '' } satisfies DirectoryRoleMapping)}
          >
            {t('settings.directory.addMapping')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** The test's answer: how many users the filter finds and the first few, or why it failed, in words. */
function TestOutcome({ result }: { result: { ok: DirectoryTestResult } | { error: string } }) {
  const { t } = useTranslation();
  if ('error' in result) return <Alert type="error" showIcon title={result.error} className="directory-test-result" />;
  return (
    <Alert
      type="success"
      showIcon
      className="directory-test-result"
      title={t('settings.directory.testOk', { count: result.ok.usersFound })}
      description={
        result.ok.sample.length > 0 && (
          <Table
            size="small"
            rowKey="dn"
            pagination={false}
            dataSource={result.ok.sample}
            scroll={{ x: true }}
            columns={[
              { key: 'loginName', dataIndex: 'loginName', title: t('settings.directory.attributes.loginName') },
              { key: 'fullName', dataIndex: 'fullName', title: t('settings.directory.attributes.fullName') },
              { key: 'email', dataIndex: 'email', title: t('settings.directory.attributes.email') },
              { key: 'department', dataIndex: 'department', title: t('settings.directory.attributes.department') },
            ]}
          />
        )
      }
    />
  );
}
