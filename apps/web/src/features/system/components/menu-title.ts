import { useTranslation } from 'react-i18next';
import type { Menu } from '@casedesk/shared';

/** A menu's title in the interface language, falling back to the default one. */
export function useMenuTitle() {
  const { i18n } = useTranslation();
  return (menu: Pick<Menu, 'title' | 'titles'>) => menu.titles?.[i18n.language] || menu.title;
}
