import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Import runs live with their definitions on the Import screen (run history, progress, error files). */
export function ImportRunsPanel() {
  const { t } = useTranslation();
  return (
    <Card title={t('dataManagement.imports.title')} className="data-imports">
      <Typography.Paragraph type="secondary">{t('dataManagement.imports.help')}</Typography.Paragraph>
      <Link to="/import/list">{t('dataManagement.imports.open')}</Link>
    </Card>
  );
}
