import { useState } from 'react';
import { HistoryOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { importTargets } from '@casedesk/shared';
import { ListPage } from '../../../../platform/crud/ListPage';
import { RowIconButton } from '../../../../platform/crud/RowIconButton';
import { StatusTag } from '../../../../platform/crud/StatusTag';
import { usePermissions } from '../../../../platform/permission';
import { session } from '../../../../platform/storage';
import { importApi, runTime, useImportRun, type ImportRow } from '../../api';
import { ImportEditor } from '../../components/ImportEditor';
import { RunHistory } from '../../components/RunHistory';
import { RunPanel } from '../../components/RunPanel';
import { RunStatusTag } from '../../components/RunStatusTag';
import { TemplateButton } from '../../components/TemplateButton';

/**
 * Data import (spec section 3 "Import"): definitions of what a sheet holds and where it goes, their runs with a
 * live progress bar, and each definition's run history. The run shown is kept for the browser tab, so a reload
 * finds it again (running or finished).
 */
export default function ImportListPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  // The run shown: `?run=<id>` (a link) or the one this browser tab showed last, so a reload finds it again.
  // The address is left alone, as each address is a tab.
  const [params] = useSearchParams();
  const linked = Number(params.get('run')) || null;
  const [runId, setRunId] = useState<number | null>(() => linked ?? session.get<number>('importRun'));
  const [seenLink, setSeenLink] = useState(linked);
  if (linked !== seenLink) {
    setSeenLink(linked);
    if (linked) setRunId(linked);
  }
  const [running, setRunning] = useState<ImportRow | null>(null);
  const [history, setHistory] = useState<ImportRow | null>(null);
  // After a reload only the run id is known: its definition comes from the run.
  const run = useImportRun(runId);
  const runItem = importApi.useDetail(running ? null : (run.data?.importId ?? null));
  const f = (key: string) => t(`import.fields.${key}`);

  const showRun = (id: number | null) => {
    setRunId(id);
    if (id === null) session.remove('importRun');
    else session.set('importRun', id);
  };
  const panelOpen = running !== null || runId !== null;

  return (
    <>
      <ListPage<ImportRow>
        kind="import"
        api={importApi}
        module="import"
        title={t('import.title')}
        searchPlaceholder={t('import.search')}
        statusField="status"
        exportName="imports.xlsx"
        nameOf={(v) => v.importName}
        filters={({ query, setFilter }) => (
          <Select
            allowClear
            placeholder={f('tableModel')}
            options={importTargets.map((x) => ({ value: x, label: t(`import.targets.${x}`) }))}
            value={(query.tableModel as string | undefined) ?? undefined}
            onChange={(value) => setFilter('tableModel', value)}
            style={{ width: 170 }}
          />
        )}
        toolbar={() => <TemplateButton />}
        actionsWidth={180}
        rowActions={(item) => (
          <>
            {has('import:run') && (
              <RowIconButton
                label={t('import.run.action')}
                icon={<PlayCircleOutlined />}
                className="import-row-run"
                onClick={() => {
                  showRun(null);
                  setRunning(item);
                }}
              />
            )}
            <RowIconButton
              label={t('import.history.action')}
              icon={<HistoryOutlined />}
              className="import-row-history"
              onClick={() => setHistory(item)}
            />
          </>
        )}
        columns={[
          { key: 'importName', dataIndex: 'importName', title: f('importName'), sorter: true, width: 220 },
          {
            key: 'tableModel',
            dataIndex: 'tableModel',
            title: f('tableModel'),
            render: (v: string) => t(`import.targets.${v}`),
          },
          {
            key: 'importType',
            dataIndex: 'importType',
            title: f('importType'),
            render: (v: string) => t(`import.types.${v}`),
          },
          {
            key: 'operationType',
            dataIndex: 'operationType',
            title: f('operationType'),
            render: (v: string) => t(`import.operations.${v}`),
          },
          {
            key: 'status',
            dataIndex: 'status',
            title: f('status'),
            width: 110,
            render: (s: string) => <StatusTag active={s === 'Active'} />,
          },
          {
            key: 'lastRunAt',
            dataIndex: 'lastRunAt',
            title: t('import.lastRun'),
            render: (v: string | null | undefined, item) =>
              v ? (
                <Space size={4}>
                  <Typography.Text>{runTime(v)}</Typography.Text>
                  <RunStatusTag status={item.lastRunStatus} />
                </Space>
              ) : (
                '—'
              ),
          },
        ]}
        editor={({ id, onClose }) => <ImportEditor id={id} onClose={onClose} />}
      />
      {panelOpen && (
        <RunPanel
          item={running ?? runItem.data ?? null}
          runId={runId}
          onRunStarted={(id) => showRun(id)}
          onClose={() => {
            setRunning(null);
            showRun(null);
          }}
        />
      )}
      {history && (
        <RunHistory
          item={history}
          onOpen={(r) => {
            setHistory(null);
            setRunning(history);
            showRun(r.id);
          }}
          onClose={() => setHistory(null)}
        />
      )}
    </>
  );
}
