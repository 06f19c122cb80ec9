import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SqlLog } from '@casedesk/shared';
import { sqlLogApi } from '../../api';
import { LogList, logTime } from '../../components/LogList';

/** Slow SQL log: statements slower than the threshold in Settings → Logs, without their parameters. */
export default function SqlLogPage() {
  const { t } = useTranslation();
  return (
    <LogList<SqlLog>
      api={sqlLogApi}
      kind="sql"
      exportName="sql-log.xlsx"
      user={false}
      columns={[
        { key: 'logTime', dataIndex: 'logTime', title: t('logs.sql.fields.logTime'), width: 210, render: logTime },
        {
          key: 'durationMs',
          dataIndex: 'durationMs',
          title: t('logs.sql.fields.durationMs'),
          width: 140,
          align: 'right',
          sorter: true,
        },
        { key: 'rows', dataIndex: 'rows', title: t('logs.sql.fields.rows'), width: 80, align: 'right' },
        { key: 'statement', dataIndex: 'statement', title: t('logs.sql.fields.statement'), ellipsis: true, width: 480 },
        { key: 'requestId', dataIndex: 'requestId', title: t('logs.sql.fields.requestId'), width: 300 },
      ]}
      detail={[
        { field: 'logTime', render: (item) => logTime(item.logTime) },
        { field: 'durationMs' },
        { field: 'rows' },
        {
          field: 'statement',
          render: (item) => (
            <Typography.Paragraph copyable style={{ margin: 0, fontFamily: 'monospace', whiteSpace: 'pre-wrap' }}>
              {item.statement}
            </Typography.Paragraph>
          ),
        },
        { field: 'requestId' },
      ]}
    />
  );
}
