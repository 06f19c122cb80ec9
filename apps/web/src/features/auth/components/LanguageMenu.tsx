import { useEffect, type ReactElement } from 'react';
import { Dropdown } from 'antd';
import { switchLanguage } from '../../../platform/theme/language';
import { isLanguage, languageNames, languages, type Language } from '../../../platform/i18n';

type Props = {
  current: Language;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the menu is there: from then on it handles the button's clicks itself. */
  onReady: () => void;
  children: ReactElement;
};

/** The sign-in page's language menu: loaded on first use, so the page itself needs no menu code. */
export default function LanguageMenu({ current, open, onOpenChange, onReady, children }: Props) {
  useEffect(onReady, [onReady]);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={onOpenChange}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: languages.map((code) => ({ key: code, label: languageNames[code] })),
        onClick: ({ key }) => {
          onOpenChange(false);
          if (isLanguage(key)) void switchLanguage(key);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
