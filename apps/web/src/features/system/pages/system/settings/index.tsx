import { Card, Result, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../settings/api';
import { BasicTab } from '../../../settings/components/BasicTab';
import { HolidayTab } from '../../../settings/components/HolidayTab';
import { TogglesTab } from '../../../settings/components/TogglesTab';
import { TokenTab } from '../../../settings/components/TokenTab';
import { UploadTab } from '../../../settings/components/UploadTab';

/** Settings: basic, toggles, token, upload and holiday (issue 5, item 6). */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { data: settings, isPending, isError, refetch } = useSettings();

  if (isPending) return <Skeleton active className="page-skeleton" />;
  if (isError || !settings)
    return (
      <Result
        status="warning"
        title={t('settings.loadFailed')}
        extra={<a onClick={() => void refetch()}>{t('errors.page.retry')}</a>}
      />
    );

  const props = { settings, reload: refetch };
  return (
    <Card title={t('settings.title')} className="settings-page">
      <Tabs
        destroyOnHidden={false}
        items={[
          { key: 'basic', label: t('settings.tabs.basic'), children: <BasicTab {...props} /> },
          { key: 'toggles', label: t('settings.tabs.toggles'), children: <TogglesTab {...props} /> },
          { key: 'token', label: t('settings.tabs.token'), children: <TokenTab {...props} /> },
          { key: 'upload', label: t('settings.tabs.upload'), children: <UploadTab {...props} /> },
          { key: 'holiday', label: t('settings.tabs.holiday'), children: <HolidayTab settings={settings} /> },
        ]}
      />
    </Card>
  );
}
