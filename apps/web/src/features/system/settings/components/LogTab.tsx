import { Form, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Settings } from '@casedesk/shared';
import { GroupForm } from './GroupForm';
import { requiredRule } from '../../../../platform/form-rules';

/** Settings → Logs: the request log switch, the slow-SQL threshold and how long logs are kept. */
export function LogTab({ settings, reload }: { settings: Settings; reload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const required = [requiredRule()];
  return (
    <GroupForm group="log" settings={settings} reload={reload}>
      <Form.Item
        name="requestLog"
        label={t('settings.log.requestLog')}
        extra={t('settings.log.requestLogHelp')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="slowSqlMs"
        label={t('settings.log.slowSqlMs')}
        extra={t('settings.log.slowSqlMsHelp')}
        rules={required}
      >
        <InputNumber min={0} max={600000} precision={0} addonAfter={t('settings.log.ms')} />
      </Form.Item>
      <Form.Item
        name="daysToKeep"
        label={t('settings.log.daysToKeep')}
        extra={t('settings.log.daysToKeepHelp')}
        rules={required}
      >
        <InputNumber min={1} max={3650} precision={0} addonAfter={t('settings.log.days')} />
      </Form.Item>
    </GroupForm>
  );
}
