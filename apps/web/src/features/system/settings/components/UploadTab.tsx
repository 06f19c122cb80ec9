import { Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { defaultAllowedUploadTypes, maxUploadSizeMbLimit, uploadSettingsSchema, type Settings } from '@casedesk/shared';
import { requiredRule, schemaRule } from '../../../../platform/form-rules';
import { GroupForm } from './GroupForm';

export function UploadTab({ settings, reload }: { settings: Settings; reload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  return (
    <GroupForm group="upload" settings={settings} reload={reload}>
      <Form.Item
        name="maxSizeMb"
        label={t('settings.upload.maxSizeMb')}
        extra={t('settings.upload.maxSizeMbHelp', { max: maxUploadSizeMbLimit })}
        rules={[requiredRule()]}
      >
        <InputNumber min={1} max={maxUploadSizeMbLimit} precision={0} suffix="MB" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="allowedTypes"
        validateFirst
        label={t('settings.upload.allowedTypes')}
        extra={t('settings.upload.allowedTypesHelp')}
        normalize={(list: string[]) => [...new Set(list.map((e) => e.trim().replace(/^\./, '').toLowerCase()))]}
        rules={[requiredRule(), schemaRule(uploadSettingsSchema.shape.allowedTypes)]}
      >
        <Select
          mode="tags"
          tokenSeparators={[',', ' ', ';']}
          options={defaultAllowedUploadTypes.map((e) => ({ value: e, label: e }))}
          placeholder={t('settings.upload.allowedTypesPlaceholder')}
        />
      </Form.Item>
    </GroupForm>
  );
}
