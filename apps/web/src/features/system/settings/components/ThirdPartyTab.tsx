import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Radio, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Page, Role, Settings, SsoTestResult } from '@casedesk/shared';
import { ApiError, http } from '../../../../platform/http/client';
import { RemoteSelect, type Option } from '../../../../platform/pickers/RemoteSelect';
import { searchProjects } from '../../../../platform/pickers/lookups';
import { translateServerMessage } from '../../../../platform/server-messages';
import { GroupForm } from './GroupForm';
import { requiredRule } from '../../../../platform/form-rules';

async function searchRoles(keyword: string): Promise<Option[]> {
  const page = await http.post<Page<Role>>('/api/Role/Query', {
    page: 1,
    pageSize: 20,
    ...(keyword ? { keyword } : {}),
  });
  return page.items.map((r) => ({ value: r.id, label: r.name }));
}

/** Settings → Third-party: single sign-on with OpenID Connect (docs/contract-sso.md). */
export function ThirdPartyTab({ settings, reload }: { settings: Settings; reload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [testing, setTesting] = useState(false);
  const [test, setTest] = useState<{ ok: SsoTestResult } | { error: string } | null>(null);
  const secretSet = settings.thirdParty.value.clientSecretSet;

  const runTest = async (issuerUrl: string) => {
    setTesting(true);
    setTest(null);
    try {
      setTest({ ok: await http.post<SsoTestResult>('/api/Settings/TestSSO', { issuerUrl }, { quiet: true }) });
    } catch (error) {
      setTest({ error: error instanceof ApiError ? translateServerMessage(error) : String(error) });
    } finally {
      setTesting(false);
    }
  };

  return (
    <GroupForm group="thirdParty" settings={settings} reload={reload}>
      <Form.Item
        name="enabled"
        label={t('settings.thirdParty.enabled')}
        extra={t('settings.thirdParty.enabledHelp')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item label={t('settings.thirdParty.issuerUrl')} extra={t('settings.thirdParty.issuerUrlHelp')}>
        <Form.Item noStyle name="issuerUrl">
          <Input placeholder="https://id.example.com/realms/main" maxLength={500} style={{ maxWidth: 420 }} />
        </Form.Item>
        <Form.Item noStyle dependencies={['issuerUrl']}>
          {({ getFieldValue }) => (
            <Button
              style={{ marginLeft: 8 }}
              loading={testing}
              disabled={!getFieldValue('issuerUrl')}
              onClick={() => void runTest(String(getFieldValue('issuerUrl')))}
              data-testid="sso-test"
            >
              {t('settings.thirdParty.test')}
            </Button>
          )}
        </Form.Item>
      </Form.Item>
      {test && (
        <Form.Item label=" " colon={false}>
          {'error' in test ? (
            <Alert type="error" showIcon title={test.error} className="sso-test-result" />
          ) : (
            <Alert
              type="success"
              showIcon
              className="sso-test-result"
              title={t('settings.thirdParty.testOk')}
              description={
                <Descriptions size="small" column={1}>
                  <Descriptions.Item label={t('settings.thirdParty.found.issuer')}>{test.ok.issuer}</Descriptions.Item>
                  <Descriptions.Item label={t('settings.thirdParty.found.authorization')}>
                    {test.ok.authorizationEndpoint ?? '—'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('settings.thirdParty.found.token')}>
                    {test.ok.tokenEndpoint ?? '—'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('settings.thirdParty.found.endSession')}>
                    {test.ok.endSessionEndpoint ?? t('settings.thirdParty.found.none')}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('settings.thirdParty.found.pkce')}>
                    {test.ok.pkceS256 ? t('settings.thirdParty.found.yes') : t('settings.thirdParty.found.no')}
                  </Descriptions.Item>
                </Descriptions>
              }
            />
          )}
        </Form.Item>
      )}
      <Form.Item name="clientId" label={t('settings.thirdParty.clientId')}>
        <Input maxLength={200} style={{ maxWidth: 420 }} />
      </Form.Item>
      <Form.Item
        name="clientSecret"
        label={t('settings.thirdParty.clientSecret')}
        extra={secretSet ? t('settings.thirdParty.clientSecretSet') : t('settings.thirdParty.clientSecretNone')}
      >
        <Input.Password
          maxLength={500}
          autoComplete="new-password"
          placeholder={secretSet ? t('settings.thirdParty.clientSecretKeep') : ''}
          style={{ maxWidth: 420 }}
        />
      </Form.Item>
      <Form.Item name="scopes" label={t('settings.thirdParty.scopes')} rules={[requiredRule()]}>
        <Input maxLength={500} style={{ maxWidth: 420 }} />
      </Form.Item>
      <Form.Item name="userNameClaim" label={t('settings.thirdParty.userNameClaim')} rules={[requiredRule()]}>
        <Input maxLength={100} style={{ maxWidth: 260 }} />
      </Form.Item>
      <Form.Item name="emailClaim" label={t('settings.thirdParty.emailClaim')} rules={[requiredRule()]}>
        <Input maxLength={100} style={{ maxWidth: 260 }} />
      </Form.Item>
      <Form.Item name="userMode" label={t('settings.thirdParty.userMode')}>
        <Radio.Group>
          <Radio value="link">{t('settings.thirdParty.modeLink')}</Radio>
          <Radio value="create">{t('settings.thirdParty.modeCreate')}</Radio>
        </Radio.Group>
      </Form.Item>
      {/* Always registered (hidden when only linking), so that Save sends the whole group. */}
      <Form.Item noStyle dependencies={['userMode']}>
        {({ getFieldValue }) => {
          const creating = getFieldValue('userMode') === 'create';
          return (
            <>
              <Form.Item
                name="defaultRoleId"
                label={t('settings.thirdParty.defaultRole')}
                hidden={!creating}
                rules={creating ? [requiredRule()] : []}
              >
                <RemoteSelect queryKey={['Role', 'options']} search={searchRoles} allowClear />
              </Form.Item>
              <Form.Item name="defaultProjectIds" label={t('settings.thirdParty.defaultProjects')} hidden={!creating}>
                <RemoteSelect queryKey={['Project', 'options']} search={searchProjects} mode="multiple" />
              </Form.Item>
            </>
          );
        }}
      </Form.Item>
      <Form.Item label={t('settings.thirdParty.buttonText')} extra={t('settings.thirdParty.buttonTextHelp')}>
        {(['en', 'zh-cn', 'zh-tw'] as const).map((lang) => (
          <Form.Item key={lang} name={['buttonText', lang]} style={{ marginBottom: 8 }}>
            <Input addonBefore={<Tag bordered={false}>{t(`settings.thirdParty.lang.${lang}`)}</Tag>} maxLength={60} />
          </Form.Item>
        ))}
      </Form.Item>
      <Form.Item label={t('settings.thirdParty.redirectUri')} extra={t('settings.thirdParty.redirectUriHelp')}>
        <Typography.Text code copyable className="sso-redirect-uri">
          {settings.thirdParty.value.redirectUri}
        </Typography.Text>
      </Form.Item>
      <Form.Item label={t('settings.thirdParty.postLogoutUri')}>
        <Typography.Text code copyable>
          {settings.thirdParty.value.postLogoutRedirectUri}
        </Typography.Text>
      </Form.Item>
    </GroupForm>
  );
}
