import { getSession, setUserInfo } from '../auth-store';
import { http } from '../http/client';
import type { Language } from '../i18n';
import { switchLanguage } from './language';

/** Switches the interface language and, when signed in, saves it as the user's preference on the server. */
export async function changeLanguageEverywhere(language: Language): Promise<void> {
  await switchLanguage(language);
  const { token, userInfo } = getSession();
  if (!token || !userInfo || userInfo.language === language) return;
  setUserInfo({ ...userInfo, language });
  await http.post('/api/Account/UpdateLanguage', { language }, { quiet: true }).catch(() => undefined);
}
