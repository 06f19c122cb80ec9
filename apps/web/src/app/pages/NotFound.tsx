import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../platform/page-title';

export default function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t('errors.notFound.title'));
  return (
    <Result
      className="status-page"
      status="404"
      title="404"
      subTitle={t('errors.notFound.text')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('errors.notFound.home')}
        </Button>
      }
    />
  );
}
