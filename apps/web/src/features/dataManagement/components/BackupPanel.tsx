import { CloudDownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerText } from '../../../platform/crud/failure';
import { ApiError } from '../../../platform/http/client';
import { downloadBackup, useDataManagementInfo } from '../api';

/** The embedded database's backup (a download), or the pg_dump command when the server runs on PostgreSQL. */
export function BackupPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const text = useServerText();
  const { data: info, isPending } = useDataManagementInfo();
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    try {
      await downloadBackup();
    } catch (error) {
      if (error instanceof ApiError && error.status !== 403) void message.error(text(error));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Card title={t('dataManagement.backup.title')} className="data-backup">
      {isPending || !info ? (
        <Skeleton active />
      ) : info.backup ? (
        <>
          <Typography.Paragraph>{t('dataManagement.backup.embedded')}</Typography.Paragraph>
          <Button type="primary" icon={<CloudDownloadOutlined />} loading={running} onClick={() => void run()}>
            {t('dataManagement.backup.download')}
          </Button>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            {t('dataManagement.backup.restore')}
          </Typography.Paragraph>
          <Typography.Text code copyable>
            npm run restore -- casedesk-backup-YYYY-MM-DD.tar.gz
          </Typography.Text>
        </>
      ) : (
        <Alert
          type="info"
          showIcon
          title={t('dataManagement.backup.postgres')}
          description={
            info.pgDumpCommand ? (
              <Typography.Text code copyable>
                {info.pgDumpCommand}
              </Typography.Text>
            ) : (
              <Typography.Text code>pg_dump --format=custom --file=casedesk-backup.dump DATABASE</Typography.Text>
            )
          }
        />
      )}
    </Card>
  );
}
