import { Suspense, useState, type ReactNode } from 'react';
import { TranslationOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../../platform/lazy-page';
import { appConfig } from '../../../platform/config';
import { isLanguage, languageNames } from '../../../platform/i18n';
import { usePublicSettings } from '../../../platform/public-settings';

const loadLanguageMenu = () => import('./LanguageMenu');
const LanguageMenu = lazyPage(loadLanguageMenu);

/** The frame of the pages shown without the main layout: brand, language switch, card, version. */
export function AuthLayout({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { productTitle } = usePublicSettings();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  // The menu's code (Dropdown, Menu) is fetched when the pointer or focus reaches the button, not with the page;
  // the first click mounts it open, later clicks are its own.
  const [menuWanted, setMenuWanted] = useState(false);
  const [menuReady, setMenuReady] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const prefetch = () => void loadLanguageMenu();
  const button = (
    <Button
      type="text"
      icon={<TranslationOutlined />}
      aria-label={t('layout.language')}
      onMouseEnter={prefetch}
      onFocus={prefetch}
      onClick={
        menuReady
          ? undefined
          : () => {
              setMenuWanted(true);
              setMenuOpen(true);
            }
      }
    >
      {languageNames[current]}
    </Button>
  );
  return (
    <div className="auth-page">
      <div className="auth-card">
        <div className="auth-row">
          <div className="auth-brand">
            <img src="/favicon.svg" alt="" width={32} height={32} />
            <span className="auth-product-title">{productTitle}</span>
          </div>
          {menuWanted ? (
            <Suspense fallback={button}>
              <LanguageMenu
                current={current}
                open={menuOpen}
                onOpenChange={setMenuOpen}
                onReady={() => setMenuReady(true)}
              >
                {button}
              </LanguageMenu>
            </Suspense>
          ) : (
            button
          )}
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
