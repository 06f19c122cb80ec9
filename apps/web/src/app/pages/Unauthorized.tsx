import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../session/sign-out';
import { usePageTitle } from '../../platform/page-title';

export default function Unauthorized() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t('errors.unauthorized.title'));
  return (
    <Result
      className="status-page status-page--full"
      status="403"
      title="401"
      subTitle={t('errors.unauthorized.text')}
      extra={
        <Button
          type="primary"
          onClick={() => {
            signOut();
            navigate('/login', { replace: true });
          }}
        >
          {t('errors.unauthorized.reauthorize')}
        </Button>
      }
    />
  );
}
