import { useState } from 'react';
import { Radio, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changeLanguageEverywhere } from '../../../platform/theme/change-language';
import { feedback } from '../../../platform/feedback';
import { isLanguage, languageNames, languages } from '../../../platform/i18n';
import { accountKeys } from '../api';

/** The interface language, saved on the server and applied at once. */
export function LanguageForm() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <Space orientation="vertical" size={12}>
      <Typography.Text type="secondary">{t('personal.languageHint')}</Typography.Text>
      <Radio.Group
        value={i18n.language}
        disabled={busy}
        onChange={(event) => {
          const value: unknown = event.target.value;
          if (!isLanguage(value)) return;
          setBusy(true);
          void changeLanguageEverywhere(value)
            .then(() => client.invalidateQueries({ queryKey: accountKeys.profile }))
            .then(() => feedback.success(i18n.t('server.operationSuccessful')))
            .finally(() => setBusy(false));
        }}
      >
        <Space orientation="vertical">
          {languages.map((code) => (
            <Radio key={code} value={code}>
              {languageNames[code]}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </Space>
  );
}
