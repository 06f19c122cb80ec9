import { Card, Skeleton, Tabs } from 'antd';
import { StatusResult } from '../../../../../platform/StatusResult';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryTab } from '../../../../../platform/audit/HistoryTab';
import { usePermissions } from '../../../../../platform/permission';
import { useSettings } from '../../../settings/api';
import { BasicTab } from '../../../settings/components/BasicTab';
import { DirectoryTab } from '../../../settings/components/DirectoryTab';
import { HolidayTab } from '../../../settings/components/HolidayTab';
import { LogTab } from '../../../settings/components/LogTab';
import { MailAccountTab } from '../../../settings/components/MailAccountTab';
import { ThirdPartyTab } from '../../../settings/components/ThirdPartyTab';
import { TogglesTab } from '../../../settings/components/TogglesTab';
import { TokenTab } from '../../../settings/components/TokenTab';
import { UploadTab } from '../../../settings/components/UploadTab';

/** Settings: basic, toggles, token, upload, logs, e-mail, third-party, directory and holiday with its reminder. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { data: settings, isPending, isError, refetch } = useSettings();
  const { has } = usePermissions();

  if (isPending) return <Skeleton active className="page-skeleton" />;
  if (isError || !settings)
    return (
      <StatusResult
        status="warning"
        title={t('settings.loadFailed')}
        extra={<a onClick={() => void refetch()}>{t('errors.page.retry')}</a>}
      />
    );

  const props = { settings, reload: refetch };
  const pane = (key: string, content: ReactNode) => <div className={`settings-tab settings-tab-${key}`}>{content}</div>;
  return (
    <Card title={t('settings.title')} className="settings-page">
      <Tabs
        destroyOnHidden={false}
        items={[
          { key: 'basic', label: t('settings.tabs.basic'), children: pane('basic', <BasicTab {...props} />) },
          { key: 'toggles', label: t('settings.tabs.toggles'), children: pane('toggles', <TogglesTab {...props} />) },
          { key: 'token', label: t('settings.tabs.token'), children: pane('token', <TokenTab {...props} />) },
          { key: 'upload', label: t('settings.tabs.upload'), children: pane('upload', <UploadTab {...props} />) },
          { key: 'log', label: t('settings.tabs.log'), children: pane('log', <LogTab {...props} />) },
          {
            key: 'email',
            label: t('settings.tabs.email'),
            children: pane('email', <MailAccountTab />),
          },
          {
            key: 'thirdParty',
            label: t('settings.tabs.thirdParty'),
            children: pane('thirdParty', <ThirdPartyTab {...props} />),
          },
          {
            key: 'directory',
            label: t('settings.tabs.directory'),
            children: pane('directory', <DirectoryTab />),
          },
          {
            key: 'holiday',
            label: t('settings.tabs.holiday'),
            children: pane('holiday', <HolidayTab {...props} />),
          },
          // Every group's changes (contract 24), for those who may read the audit trail.
          ...(has('audit:view')
            ? [
                {
                  key: 'history',
                  label: t('audit.history'),
                  children: pane('history', <HistoryTab entity="Settings" />),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
