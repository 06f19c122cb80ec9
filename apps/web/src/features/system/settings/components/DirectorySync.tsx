import { useState } from 'react';
import { Alert, App, Button, Card, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DirectoryChange, DirectoryChangeKind, DirectoryShown, DirectorySyncResult } from '@casedesk/shared';
import { formatDateTime } from '../../../../platform/format';
import { useValueLabel } from '../../../../platform/labels/labels';
import { usePermissions } from '../../../../platform/permission';
import { translateServerMessage } from '../../../../platform/server-messages';
import { useSyncDirectory } from '../directory-api';

const kindColors: Record<DirectoryChangeKind, string> = {
  create: 'green',
  update: 'blue',
  disable: 'red',
  enable: 'cyan',
  department: 'purple',
  leader: 'gold',
};

/** A field the directory leaves empty on both sides (a new user without a mobile) says nothing: not listed. */
const changed = (f: DirectoryChange['fields'][number]) => Boolean(f.from) || Boolean(f.to);

/** Fields whose values are fixed values: shown by their words. */
const statusFields = new Set(['status']);

/**
 * Preview (a dry run: what the sync would change, and whom it skips and why) and Sync now (asked first), both with
 * the saved settings; the last run's line.
 */
export function DirectorySync({ lastSync }: { lastSync: DirectoryShown['lastSync'] }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const sync = useSyncDirectory();
  const canSync = usePermissions().has('settings:save');
  const [outcome, setOutcome] = useState<{ ok: DirectorySyncResult } | { error: string } | null>(null);

  const run = (dryRun: boolean) => {
    setOutcome(null);
    sync.mutate(dryRun, {
      onSuccess: (ok) => setOutcome({ ok }),
      onError: (error) => setOutcome({ error: translateServerMessage(error) }),
    });
  };
  const confirmSync = () =>
    modal.confirm({
      title: t('settings.directory.syncConfirm'),
      content: t('settings.directory.syncConfirmText'),
      okText: t('settings.directory.syncNow'),
      cancelText: t('common.cancel'),
      onOk: () => run(false),
    });

  return (
    <Card size="small" title={t('settings.directory.syncTitle')} className="directory-sync" style={{ maxWidth: 860 }}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('settings.directory.syncHelp')}</Typography.Text>
        <Typography.Text className="directory-last-sync">
          {lastSync
            ? t(lastSync.ok ? 'settings.directory.lastSyncOk' : 'settings.directory.lastSyncFailed', {
                time: formatDateTime(lastSync.at),
                kind: t(lastSync.dryRun ? 'settings.directory.runPreview' : 'settings.directory.runSync'),
                summary: lastSync.summary,
              })
            : t('settings.directory.neverSynced')}
        </Typography.Text>
        {canSync && (
          <Space wrap>
            <Button
              loading={sync.isPending && sync.variables}
              disabled={sync.isPending}
              onClick={() => run(true)}
              data-testid="directory-preview"
            >
              {t('settings.directory.preview')}
            </Button>
            <Button
              type="primary"
              loading={sync.isPending && !sync.variables}
              disabled={sync.isPending}
              onClick={confirmSync}
              data-testid="directory-sync"
            >
              {t('settings.directory.syncNow')}
            </Button>
          </Space>
        )}
        {outcome &&
          ('error' in outcome ? (
            <Alert type="error" showIcon title={outcome.error} className="directory-sync-result" />
          ) : (
            <SyncOutcome result={outcome.ok} />
          ))}
      </Space>
    </Card>
  );
}

/** A run's counts, its changes a row each and the people it skipped with the reason. */
export function SyncOutcome({ result }: { result: DirectorySyncResult }) {
  const { t } = useTranslation();
  const counts = ['created', 'updated', 'disabled', 'departments'] as const;
  return (
    <div className="directory-sync-result">
      <Alert
        type={result.dryRun ? 'info' : 'success'}
        showIcon
        title={t(result.dryRun ? 'settings.directory.previewDone' : 'settings.directory.syncDone')}
        style={{ marginBottom: 12 }}
      />
      <Space size={32} wrap className="directory-sync-counts" style={{ marginBottom: 12 }}>
        {counts.map((name) => (
          <Statistic
            key={name}
            title={t(`settings.directory.counts.${name}`)}
            value={result[name]}
            className={`directory-count-${name}`}
          />
        ))}
      </Space>
      <Typography.Title level={5}>{t('settings.directory.changesTitle')}</Typography.Title>
      <ChangeTable changes={result.changes} />
      {result.errors.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('settings.directory.skippedTitle')}
          </Typography.Title>
          <Table
            size="small"
            className="directory-skipped"
            rowKey={(row) => `${row.dn}\u0000${row.message}`}
            pagination={false}
            dataSource={result.errors}
            scroll={{ x: true }}
            columns={[
              { key: 'dn', dataIndex: 'dn', title: t('settings.directory.dn') },
              { key: 'message', dataIndex: 'message', title: t('settings.directory.reason') },
            ]}
          />
        </>
      )}
    </div>
  );
}

function ChangeTable({ changes }: { changes: DirectoryChange[] }) {
  const { t, i18n } = useTranslation();
  const valueLabel = useValueLabel();
  // A user field by its label; a key no label has is shown as sent rather than not at all.
  const fieldLabel = (field: string) => {
    for (const key of [`settings.directory.changeField.${field}`, `fields.${field}`])
      if (i18n.exists(key)) return t(key);
    return field;
  };
  const value = (field: string, text: string | null) => {
    if (text === null || text === '') return t('settings.directory.emptyValue');
    return statusFields.has(field) ? valueLabel('activeStatus', text) : text;
  };
  return (
    <Table<DirectoryChange>
      size="small"
      className="directory-changes"
      rowKey={(row) => `${row.kind}\u0000${row.name}`}
      dataSource={changes}
      pagination={changes.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      locale={{ emptyText: t('settings.directory.noChanges') }}
      scroll={{ x: true }}
      columns={[
        {
          key: 'kind',
          title: t('settings.directory.kindColumn'),
          width: 130,
          render: (_, row) => (
            <Tag color={kindColors[row.kind]} className={`directory-kind directory-kind-${row.kind}`}>
              {t(`settings.directory.kind.${row.kind}`)}
            </Tag>
          ),
        },
        { key: 'name', dataIndex: 'name', title: t('settings.directory.nameColumn'), width: 180 },
        {
          key: 'fields',
          title: t('settings.directory.fieldsColumn'),
          render: (_, row) => (
            <ul className="directory-change-fields" style={{ margin: 0, paddingInlineStart: 18 }}>
              {row.fields.filter(changed).map((f) => (
                <li key={f.field} data-field={f.field}>
                  <Typography.Text strong>{fieldLabel(f.field)}</Typography.Text>
                  {': '}
                  {value(f.field, f.from)} → {value(f.field, f.to)}
                </li>
              ))}
            </ul>
          ),
        },
      ]}
    />
  );
}
