import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../platform/page-title';

/** A screen of the app the user's role may not open (contract 18): says so, with a way back. */
export default function Forbidden() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t('errors.forbidden.title'));
  return (
    <Result
      className="status-page"
      status="403"
      title="401"
      subTitle={t('errors.forbidden.text')}
      extra={
        <Space>
          {window.history.length > 1 && <Button onClick={() => void navigate(-1)}>{t('errors.forbidden.back')}</Button>}
          <Button type="primary" onClick={() => void navigate('/')}>
            {t('errors.forbidden.home')}
          </Button>
        </Space>
      }
    />
  );
}
