import { useState } from 'react';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { Drawer, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportRun } from '@casedesk/shared';
import { RowIconButton } from '../../../platform/crud/RowIconButton';
import { downloadFile } from '../../../platform/upload/files';
import { runTime, useImportRuns, type ImportRow } from '../api';
import { RunStatusTag } from './RunStatusTag';

/** A definition's runs, newest first: counts, status, who, when, and the error file. */
export function RunHistory({
  item,
  onOpen,
  onClose,
}: {
  item: ImportRow;
  onOpen: (run: ImportRun) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const runs = useImportRuns(item.id, page.page, page.pageSize);
  const n = (key: string) => t(`import.counts.${key}`);
  return (
    <Drawer
      open
      size={980}
      title={t('import.history.title', { name: item.importName })}
      onClose={onClose}
      className="import-history"
    >
      <Table<ImportRun>
        rowKey="id"
        size="small"
        loading={runs.isFetching && !runs.data}
        dataSource={runs.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: runs.data?.total ?? 0,
          onChange: (p, size) => setPage({ page: p, pageSize: size }),
          showTotal: (total) => t('crud.list.total', { count: total }),
        }}
        locale={{ emptyText: t('import.history.empty') }}
        columns={[
          { key: 'id', dataIndex: 'id', title: '#', width: 70 },
          { key: 'createdAt', dataIndex: 'createdAt', title: t('import.history.when'), render: runTime, width: 210 },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('import.history.status'),
            render: (status: string, run) => (
              <>
                <RunStatusTag status={status} />
                {run.dryRun && <Tag color="purple">{t('import.run.dryRunTag')}</Tag>}
              </>
            ),
          },
          {
            key: 'fileName',
            dataIndex: 'fileName',
            title: t('import.history.file'),
            render: (v: string | null) => v || '—',
          },
          {
            key: 'rows',
            title: t('import.history.rows'),
            render: (_, run) => (run.total === null ? run.processed : `${run.processed} / ${run.total}`),
          },
          { key: 'inserted', dataIndex: 'inserted', title: n('inserted') },
          { key: 'updated', dataIndex: 'updated', title: n('updated') },
          { key: 'unchanged', dataIndex: 'unchanged', title: n('unchanged') },
          { key: 'failed', dataIndex: 'failed', title: n('failed') },
          {
            key: 'startedByName',
            dataIndex: 'startedByName',
            title: t('import.history.who'),
            render: (v: string | null | undefined) => v || '—',
          },
          {
            key: 'actions',
            title: t('crud.list.actions'),
            fixed: 'right',
            width: 100,
            render: (_, run) => (
              <>
                <RowIconButton
                  label={t('import.history.open')}
                  icon={<EyeOutlined />}
                  className="import-history-open"
                  onClick={() => onOpen(run)}
                />
                {run.errorFileId && (
                  <RowIconButton
                    label={t('import.run.errorFile')}
                    icon={<DownloadOutlined />}
                    className="import-history-error-file"
                    onClick={() => void downloadFile(Number(run.errorFileId))}
                  />
                )}
              </>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
