import type { ReactNode } from 'react';
import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../../../platform/theme/language';
import { appConfig } from '../../../platform/config';
import { isLanguage, languageNames, languages } from '../../../platform/i18n';
import { usePublicSettings } from '../../../platform/public-settings';

/** The frame of the pages shown without the main layout: brand, language switch, card, version. */
export function AuthLayout({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { productTitle } = usePublicSettings();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <div className="auth-page">
      <div className="auth-card">
        <div className="auth-row">
          <div className="auth-brand">
            <img src="/favicon.svg" alt="" width={32} height={32} />
            <span className="auth-product-title">{productTitle}</span>
          </div>
          <Dropdown
            trigger={['click']}
            menu={{
              selectable: true,
              selectedKeys: [current],
              items: languages.map((code) => ({ key: code, label: languageNames[code] })),
              onClick: ({ key }) => {
                if (isLanguage(key)) void switchLanguage(key);
              },
            }}
          >
            <Button type="text" icon={<TranslationOutlined />} aria-label={t('layout.language')}>
              {languageNames[current]}
            </Button>
          </Dropdown>
        </div>
        <p className="auth-subtitle">{subtitle}</p>
        {children}
        <div className="auth-footer">
          <span>{t('login.tagline')}</span>
          <span>v{appConfig.version}</span>
        </div>
      </div>
    </div>
  );
}
