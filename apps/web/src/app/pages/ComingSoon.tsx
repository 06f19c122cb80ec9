import { ToolOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A menu entry whose screen is not built yet. */
export default function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      className="status-page"
      icon={<ToolOutlined />}
      title={title}
      subTitle={t('errors.comingSoon.text')}
      extra={<Button onClick={() => navigate('/')}>{t('errors.notFound.home')}</Button>}
    />
  );
}
