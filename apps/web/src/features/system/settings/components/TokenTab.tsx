import { Divider, Form, InputNumber, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Settings } from '@casedesk/shared';
import { Auth } from '../../../../platform/permission';
import { AllTokens } from './AllTokens';
import { GroupForm } from './GroupForm';
import { PersonalTokens } from './PersonalTokens';
import { requiredRule } from '../../../../platform/form-rules';

export function TokenTab({ settings, reload }: { settings: Settings; reload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  return (
    <>
      <GroupForm group="token" settings={settings} reload={reload}>
        <Form.Item
          name="accessMinutes"
          label={t('settings.token.accessMinutes')}
          extra={t('settings.token.accessMinutesHelp')}
          rules={[requiredRule()]}
        >
          <InputNumber min={1} max={1440} precision={0} suffix={t('settings.token.minutes')} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item
          name="refreshDays"
          label={t('settings.token.refreshDays')}
          extra={t('settings.token.refreshDaysHelp')}
          rules={[requiredRule()]}
        >
          <InputNumber min={1} max={365} precision={0} suffix={t('settings.token.days')} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item
          name="personalTokens"
          label={t('settings.token.personalTokens')}
          extra={t('settings.token.personalTokensHelp')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </GroupForm>
      <Divider />
      <Typography.Title level={5}>{t('settings.tokens.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('settings.tokens.intro')}</Typography.Paragraph>
      <PersonalTokens enabled={settings.token.value.personalTokens} />
      <Auth value="settings:view">
        <Divider />
        <AllTokens />
      </Auth>
    </>
  );
}
