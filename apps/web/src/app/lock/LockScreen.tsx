import { useEffect, useState } from 'react';
import { LockOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Input } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../platform/auth-store';
import { greetingName } from '../../platform/user-info';
import { ApiError, http } from '../../platform/http/client';
import { translateServerMessage } from '../../platform/server-messages';
import { signOut } from '../session/sign-out';
import { unlockScreen, useLocked } from './lock-store';
import { formatDate, formatTime } from '../../platform/format';

function Clock() {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="lock-clock">
      <div className="lock-time">{formatTime(now, i18n.language)}</div>
      <div className="lock-date">{formatDate(now, { weekday: true, language: i18n.language })}</div>
    </div>
  );
}

/** Covers the app until the user's password is entered again; a reload does not lift it. */
export function LockScreen() {
  const locked = useLocked();
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!locked) {
      setPassword('');
      setError(null);
    }
  }, [locked]);

  if (!locked) return null;

  const unlock = async () => {
    if (!password) {
      setError(t('lock.passwordRequired'));
      return;
    }
    setBusy(true);
    try {
      await http.post('/api/Account/VerifyPassword', { password }, { quiet: true });
      unlockScreen();
    } catch (cause) {
      if (cause instanceof ApiError && cause.kind === 'http') setError(translateServerMessage(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="lock-screen" role="dialog" aria-modal="true" aria-label={t('lock.title')}>
      <Clock />
      <div className="lock-panel">
        <Avatar size={72} src={userInfo?.photo || undefined} icon={<UserOutlined />} />
        <div className="lock-user">{greetingName(userInfo)}</div>
        <div className="lock-hint">
          <LockOutlined /> {t('lock.hint')}
        </div>
        <form
          className="lock-form"
          onSubmit={(event) => {
            event.preventDefault();
            void unlock();
          }}
        >
          <Input.Password
            autoFocus
            value={password}
            status={error ? 'error' : undefined}
            placeholder={t('lock.password')}
            aria-label={t('lock.password')}
            autoComplete="current-password"
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
            }}
          />
          <Button type="primary" htmlType="submit" loading={busy} icon={<UnlockOutlined />}>
            {t('lock.unlock')}
          </Button>
        </form>
        <div className="lock-error" role="alert">
          {error}
        </div>
        <Button
          type="link"
          className="lock-signout"
          onClick={() => {
            signOut();
            navigate('/login', { replace: true });
          }}
        >
          {t('lock.signOut')}
        </Button>
      </div>
    </div>
  );
}
