import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { getSession, getToken, reloadSession, subscribeSession } from '../../platform/auth-store';
import { appConfig } from '../../platform/config';
import { feedback } from '../../platform/feedback';
import { endSession, http, refreshSession } from '../../platform/http/client';
import { isLanguage } from '../../platform/i18n';
import { local, session } from '../../platform/storage';
import { isLocked, lockScreen, reloadLock } from '../lock/lock-store';
import { clearTags } from '../layout/tags-store';
import { switchLanguage } from '../../platform/theme/language';
import { getThemeConfig, reloadThemeConfig } from '../../platform/theme/theme-store';
import { lastActivity, recordActivity } from '../../platform/activity';

/** Token refresh every 5 minutes while signed in (spec section 4). */
function useTokenRefresh() {
  useEffect(() => {
    const timer = setInterval(() => {
      const token = getToken();
      if (token && !getSession().needToChangePwd) void refreshSession(token);
    }, appConfig.tokenRefreshMs);
    return () => clearInterval(timer);
  }, []);
}

/** Idle sign-out after 60 minutes, checked every IDLE_TIMEOUT minutes; the lock screen after its own delay. */
function useIdle() {
  useEffect(() => {
    let lastWrite = 0;
    const onActivity = () => {
      const now = Date.now();
      if (isLocked() || now - lastWrite < 5000) return;
      lastWrite = now;
      recordActivity(now);
    };
    const events = ['mousemove', 'mousedown', 'keydown', 'touchmove', 'wheel'] as const;
    events.forEach((name) => window.addEventListener(name, onActivity, { passive: true }));
    if (getToken()) recordActivity();
    const stopStart = subscribeSession(() => {
      if (getToken() && !local.get('lastActivity')) recordActivity();
    });

    const idleTimer = setInterval(() => {
      if (!getToken()) return;
      if (Date.now() - lastActivity() > appConfig.idleSignOutMs) {
        const token = getToken();
        if (token) void http.post('/api/token/Logout', {}, { token, quiet: true }).catch(() => undefined);
        endSession('signed out after 60 minutes without activity', { notify: false });
        local.remove('lastActivity');
        // Said on the sign-in page until the next sign-in: the user comes back long after a toast would be gone.
        session.set('idleSignedOut', true);
      }
    }, appConfig.idleCheckMs);

    const lockTimer = setInterval(() => {
      const theme = getThemeConfig();
      const { token, needToChangePwd } = getSession();
      if (!token || needToChangePwd || isLocked() || !theme.isLockScreen || theme.lockScreenTime < 1) return;
      if (Date.now() - lastActivity() >= theme.lockScreenTime * 60_000) lockScreen();
    }, 30_000);

    return () => {
      events.forEach((name) => window.removeEventListener(name, onActivity));
      stopStart();
      clearInterval(idleTimer);
      clearInterval(lockTimer);
    };
  }, []);
}

/** Another tab signed in or out, or changed settings (spec section 4, "Other tabs"). */
function useOtherTabs() {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== window.localStorage) return;
      const key = event.key === null ? 'userInfo' : local.keyOf(event.key);
      if (!key) return;
      if (key === 'themeConfig') {
        reloadThemeConfig();
        const language = getThemeConfig().globalI18n;
        if (isLanguage(language)) void switchLanguage(language);
      } else if (key === 'locked') {
        reloadLock();
      } else if (key === 'token' || key === 'refreshToken' || key === 'tokenExp') {
        reloadSession();
      } else if (key === 'userInfo' || key === 'needToChangePwd') {
        const before = getSession();
        const after = reloadSession();
        const sameUser =
          before.userInfo !== null &&
          after.userInfo !== null &&
          before.userInfo.userId === after.userInfo.userId &&
          before.needToChangePwd === after.needToChangePwd;
        if (sameUser) return; // e.g. the language changed in My Account
        clearTags();
        session.remove('tagsViewList');
        if (window.location.pathname === '/login') window.location.reload();
        else window.location.assign('/login');
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}

/** `/version.json` on every route change; a different version than this build's asks to reload. */
function useVersionCheck() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const prompted = useRef<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const response = await fetch(`${appConfig.apiBaseUrl}/version.json?t=${Date.now()}`, { cache: 'no-store' });
        const { version } = (await response.json()) as { version?: unknown };
        if (cancelled || typeof version !== 'string' || !version) return;
        if (version === appConfig.version) {
          if (local.get('version') !== version) local.set('version', version);
          return;
        }
        local.set('version', version);
        if (pathname === '/login') {
          // Nothing to lose on the sign-in page: take the new build at once, once.
          if (session.get('reloadedFor') !== `version:${version}`) {
            session.set('reloadedFor', `version:${version}`);
            window.location.reload();
          }
          return;
        }
        if (prompted.current === version) return;
        prompted.current = version;
        feedback.confirm({
          title: t('version.title'),
          content: t('version.text', { version }),
          okText: t('version.reload'),
          cancelText: t('version.later'),
          onOk: () => window.location.reload(),
        });
      } catch (error) {
        console.warn('Version check failed', error);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [pathname, t]);
}

export function SessionWatchers() {
  useTokenRefresh();
  useIdle();
  useOtherTabs();
  useVersionCheck();
  return null;
}
