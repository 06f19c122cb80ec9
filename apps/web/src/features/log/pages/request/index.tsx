import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RequestLog } from '@casedesk/shared';
import { requestLogApi } from '../../api';
import { LogList, logTime } from '../../components/LogList';

const statusTag = (status: number) => (
  <Tag color={status >= 500 ? 'error' : status >= 400 ? 'warning' : 'success'}>{status}</Tag>
);

/** Request log (the spec's operation log): every API call with its user, answer and time taken. */
export default function RequestLogPage() {
  const { t } = useTranslation();
  return (
    <LogList<RequestLog>
      api={requestLogApi}
      kind="request"
      exportName="request-log.xlsx"
      ip
      choice={{ field: 'result', values: ['ok', 'error'] }}
      columns={[
        { key: 'logTime', dataIndex: 'logTime', title: t('logs.request.fields.logTime'), width: 210, render: logTime },
        { key: 'loginName', dataIndex: 'loginName', title: t('logs.request.fields.loginName'), width: 140 },
        { key: 'method', dataIndex: 'method', title: t('logs.request.fields.method'), width: 80 },
        { key: 'path', dataIndex: 'path', title: t('logs.request.fields.path'), ellipsis: true, width: 280 },
        { key: 'status', dataIndex: 'status', title: t('logs.request.fields.status'), width: 90, render: statusTag },
        {
          key: 'durationMs',
          dataIndex: 'durationMs',
          title: t('logs.request.fields.durationMs'),
          width: 110,
          align: 'right',
        },
        { key: 'ip', dataIndex: 'ip', title: t('logs.request.fields.ip'), width: 130 },
      ]}
      detail={[
        { field: 'logTime', render: (item) => logTime(item.logTime) },
        { field: 'loginName' },
        { field: 'userId' },
        { field: 'method' },
        { field: 'path' },
        { field: 'status', render: (item) => statusTag(item.status) },
        { field: 'durationMs' },
        { field: 'area' },
        { field: 'controller' },
        { field: 'action' },
        { field: 'accessUrl' },
        { field: 'ip' },
        { field: 'requestId' },
      ]}
    />
  );
}
