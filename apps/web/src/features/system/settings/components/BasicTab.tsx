import { Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { basicSettingsSchema, settingLanguages, type Settings } from '@casedesk/shared';
import { requiredRule, schemaRule } from '../../../../platform/form-rules';
import { languageNames } from '../../../../platform/i18n';
import { GroupForm } from './GroupForm';

const fields = basicSettingsSchema.shape;

function timeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

export function BasicTab({ settings, reload }: { settings: Settings; reload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z })), []);
  return (
    <GroupForm group="basic" settings={settings} reload={reload}>
      <Form.Item
        name="productTitle"
        label={t('settings.basic.productTitle')}
        extra={t('settings.basic.productTitleHelp')}
        validateFirst
        rules={[requiredRule(), schemaRule(fields.productTitle)]}
      >
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item
        name="caseNumberPrefix"
        label={t('settings.basic.caseNumberPrefix')}
        extra={t('settings.basic.caseNumberPrefixHelp')}
        normalize={(v: string) => v.toUpperCase()}
        validateFirst
        rules={[requiredRule(), schemaRule(fields.caseNumberPrefix)]}
      >
        <Input maxLength={10} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="defaultLanguage" label={t('settings.basic.defaultLanguage')} rules={[requiredRule()]}>
        <Select style={{ width: 200 }} options={settingLanguages.map((l) => ({ value: l, label: languageNames[l] }))} />
      </Form.Item>
      <Form.Item name="timeZone" label={t('settings.basic.timeZone')} rules={[requiredRule()]}>
        <Select showSearch style={{ width: 320 }} options={zones} />
      </Form.Item>
    </GroupForm>
  );
}
