import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../session/sign-out';
import { usePageTitle } from '../../platform/page-title';

/**
 * The pages shown instead of a screen: an address that leads nowhere (404), a screen the user's role may not open
 * (403, contract 18), and the no-permission page of spec section 2 (/401), which offers to sign in again.
 * Each says so in the user's language with a way on.
 */
export type StatusKind = 'notFound' | 'forbidden' | 'unauthorized';

const look = {
  notFound: { status: '404', title: '404', full: false },
  forbidden: { status: '403', title: '403', full: false },
  unauthorized: { status: '403', title: '401', full: true },
} as const;

export default function StatusPage({ kind }: { kind: StatusKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t(`errors.${kind}.title`));
  const { status, title, full } = look[kind];
  const home = (
    <Button type="primary" onClick={() => void navigate('/')}>
      {t(`errors.${kind === 'forbidden' ? 'forbidden' : 'notFound'}.home`)}
    </Button>
  );
  const extra =
    kind === 'unauthorized' ? (
      <Button
        type="primary"
        onClick={() => {
          signOut();
          void navigate('/login', { replace: true });
        }}
      >
        {t('errors.unauthorized.reauthorize')}
      </Button>
    ) : kind === 'forbidden' && window.history.length > 1 ? (
      <Space>
        <Button onClick={() => void navigate(-1)}>{t('errors.forbidden.back')}</Button>
        {home}
      </Space>
    ) : (
      home
    );
  return (
    <Result
      className={full ? 'status-page status-page--full' : 'status-page'}
      status={status}
      title={title}
      subTitle={t(`errors.${kind}.text`)}
      extra={extra}
    />
  );
}
