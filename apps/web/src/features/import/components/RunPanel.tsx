import { useEffect, useState } from 'react';
import {
  DownloadOutlined,
  ExperimentOutlined,
  PlayCircleOutlined,
  StopOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Flex,
  Modal,
  Progress,
  Skeleton,
  Space,
  Statistic,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportRun, UploadedFile } from '@casedesk/shared';
import { ApiError } from '../../../platform/http/client';
import { useServerText } from '../../../platform/crud/failure';
import { useInvalidate } from '../../../platform/crud/resource-api';
import { usePermissions } from '../../../platform/permission';
import { downloadFile } from '../../../platform/upload/files';
import {
  formatSeconds,
  isActive,
  runPace,
  useCancelRun,
  useImportRun,
  uploadImportFile,
  useStartRun,
  type ImportRow,
} from '../api';
import { RunStatusTag } from './RunStatusTag';
import { formatNumber } from '../../../platform/format';

type Props = {
  /** The definition (null while a reloaded page still looks up the run's definition). */
  item: ImportRow | null;
  runId: number | null;
  onRunStarted: (runId: number) => void;
  onClose: () => void;
};

/** Run a definition on a file: dry run or import, then the live progress and the summary with the error file. */
export function RunPanel({ item, runId, onRunStarted, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const serverText = useServerText();
  const { has } = usePermissions();
  const [file, setFile] = useState<UploadedFile | null>(null);
  const [uploading, setUploading] = useState(false);
  const start = useStartRun();
  const cancel = useCancelRun();
  const run = useImportRun(runId);

  const fail = (error: unknown) => {
    if (error instanceof ApiError && error.status !== 403 && error.kind === 'http')
      void message.error(serverText(error));
  };
  const upload = async (chosen: File) => {
    setUploading(true);
    try {
      setFile(await uploadImportFile(chosen));
    } catch (error) {
      fail(error);
    } finally {
      setUploading(false);
    }
  };
  const begin = (dryRun: boolean) => {
    if (!item || !file) return;
    start.mutate(
      { importId: item.id, fileId: String(file.fileId), dryRun },
      { onSuccess: (answer) => onRunStarted(answer.runId), onError: fail },
    );
  };

  const current = run.data;
  // A run that ends refreshes the list's last run and the history.
  const invalidate = useInvalidate('Import');
  const ended = current !== undefined && !isActive(current);
  const [seenEnd, setSeenEnd] = useState(ended);
  if (ended !== seenEnd) {
    setSeenEnd(ended);
    if (ended) void invalidate();
  }
  // A run just started whose first answer is still on its way counts as running.
  const waiting = runId !== null && !current && !run.isError;
  const running = isActive(current) || waiting;
  return (
    <Modal
      open
      width={720}
      title={item ? t('import.run.title', { name: item.importName }) : t('import.run.titlePlain')}
      onCancel={onClose}
      className="import-run"
      destroyOnHidden
      footer={
        <Space>
          {current && isActive(current) && (
            <Button
              danger
              icon={<StopOutlined />}
              loading={cancel.isPending}
              className="import-run-cancel"
              onClick={() => cancel.mutate(current.id, { onError: fail })}
            >
              {t('import.run.cancel')}
            </Button>
          )}
          <Button onClick={onClose}>{t('import.run.close')}</Button>
        </Space>
      }
    >
      {item && has('import:run') && !running && (
        <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
          <Upload
            accept=".xlsx,.csv,.txt"
            showUploadList={false}
            beforeUpload={(chosen) => {
              void upload(chosen);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading} className="import-run-file">
              {t('import.run.chooseFile')}
            </Button>
          </Upload>
          <Typography.Text type={file ? undefined : 'secondary'} className="import-run-file-name">
            {file ? file.name : t('import.run.noFile')}
          </Typography.Text>
          <span style={{ flex: 1 }} />
          <Button
            icon={<ExperimentOutlined />}
            disabled={!file}
            loading={start.isPending && start.variables?.dryRun === true}
            className="import-run-dry"
            onClick={() => begin(true)}
          >
            {t('import.run.dryRun')}
          </Button>
          <Button
            type="primary"
            icon={<PlayCircleOutlined />}
            disabled={!file}
            loading={start.isPending && start.variables?.dryRun === false}
            className="import-run-start"
            onClick={() => begin(false)}
          >
            {t('import.run.start')}
          </Button>
        </Flex>
      )}
      {run.isError && <Alert type="error" showIcon title={t('import.run.notFound')} />}
      {waiting && <Skeleton active paragraph={{ rows: 2 }} />}
      {current && <RunProgress run={current} />}
    </Modal>
  );
}

/** The progress bar (rows done / total, rate, time left) and, once finished, the summary. */
export function RunProgress({ run }: { run: ImportRun }) {
  const { t } = useTranslation();
  const serverText = useServerText();
  const [now, setNow] = useState(() => Date.now());
  const running = isActive(run);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const { rate, left } = runPace(run, now);
  const percent = run.total ? Math.min(100, Math.floor((run.processed / run.total) * 100)) : running ? 0 : 100;
  const status =
    run.status === 'Failed' ? 'exception' : run.status === 'Succeeded' ? 'success' : running ? 'active' : 'normal';
  return (
    <div className={`import-progress import-progress--${run.status.toLowerCase()}`} data-processed={run.processed}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Space>
          <RunStatusTag status={run.status} />
          {run.dryRun && <Tag color="purple">{t('import.run.dryRunTag')}</Tag>}
          {run.fileName && <Typography.Text type="secondary">{run.fileName}</Typography.Text>}
        </Space>
        <Typography.Text className="import-progress-rows">
          {run.total === null
            ? t('import.run.rowsCounting', { processed: formatNumber(run.processed) })
            : t('import.run.rows', { processed: formatNumber(run.processed), total: formatNumber(run.total) })}
        </Typography.Text>
      </Flex>
      {/* Before the reader has counted the rows (a streamed xlsx) there is no share to show, only the rows done. */}
      <Progress
        percent={percent}
        status={status}
        showInfo={run.total !== null || !running}
        className="import-progress-bar"
      />
      <Descriptions size="small" column={2} style={{ marginTop: 8 }}>
        <Descriptions.Item label={t('import.run.rate')}>
          {rate === null ? '—' : t('import.run.rateValue', { rate: formatNumber(Math.round(rate)) })}
        </Descriptions.Item>
        <Descriptions.Item label={running ? t('import.run.timeLeft') : t('import.run.elapsed')}>
          {running
            ? left === null
              ? '—'
              : formatSeconds(left)
            : rate && run.processed
              ? formatSeconds(run.processed / rate)
              : '—'}
        </Descriptions.Item>
      </Descriptions>
      {!running && <RunSummary run={run} />}
      {run.message && (
        <Alert
          type={run.status === 'Failed' ? 'error' : 'info'}
          showIcon
          style={{ marginTop: 12 }}
          title={serverText(run.message)}
        />
      )}
    </div>
  );
}

function RunSummary({ run }: { run: ImportRun }) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (!run.errorFileId) return;
    setDownloading(true);
    try {
      await downloadFile(Number(run.errorFileId));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className="import-summary">
      {run.dryRun && <Alert type="info" showIcon style={{ margin: '12px 0' }} title={t('import.run.dryRunNote')} />}
      <Flex gap={32} wrap style={{ margin: '12px 0' }}>
        <Statistic title={t('import.counts.inserted')} value={run.inserted} className="import-count-inserted" />
        <Statistic title={t('import.counts.updated')} value={run.updated} className="import-count-updated" />
        <Statistic title={t('import.counts.unchanged')} value={run.unchanged} className="import-count-unchanged" />
        <Statistic
          title={t('import.counts.failed')}
          value={run.failed}
          className="import-count-failed"
          styles={{ content: run.failed > 0 ? { color: '#cf1322' } : undefined }}
        />
      </Flex>
      {run.failed > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('import.run.refusedNote', { count: run.failed })}
          action={
            run.errorFileId ? (
              <Button
                icon={<DownloadOutlined />}
                loading={downloading}
                className="import-error-file"
                onClick={() => void download()}
              >
                {t('import.run.errorFile')}
              </Button>
            ) : undefined
          }
        />
      )}
    </div>
  );
}
