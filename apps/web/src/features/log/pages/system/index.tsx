import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { systemLogLevels, type SystemLog } from '@casedesk/shared';
import { useValueLabel } from '../../../../platform/labels/labels';
import { systemLogApi } from '../../api';
import { JsonBlock, LogList, logTime } from '../../components/LogList';

const levelColor = { info: 'blue', warn: 'warning', error: 'error' } as const;

/** System log: server errors, forced sign-outs the browser reported, job and mail failures. */
export default function SystemLogPage() {
  const { t } = useTranslation();
  const label = useValueLabel();
  const source = (item: SystemLog) => label('logSource', item.source);
  const level = (item: SystemLog) => (
    <Tag color={levelColor[item.level]}>{t(`logs.system.levelValues.${item.level}`)}</Tag>
  );
  return (
    <LogList<SystemLog>
      api={systemLogApi}
      kind="system"
      exportName="system-log.xlsx"
      user={false}
      choice={{ field: 'level', values: systemLogLevels }}
      columns={[
        { key: 'logTime', dataIndex: 'logTime', title: t('logs.system.fields.logTime'), width: 210, render: logTime },
        { key: 'level', title: t('logs.system.fields.level'), width: 90, render: (_, item) => level(item) },
        { key: 'source', title: t('logs.system.fields.source'), width: 100, render: (_, item) => source(item) },
        { key: 'message', dataIndex: 'message', title: t('logs.system.fields.message'), ellipsis: true, width: 520 },
      ]}
      detail={[
        { field: 'logTime', render: (item) => logTime(item.logTime) },
        { field: 'level', render: level },
        { field: 'source', render: source },
        { field: 'message' },
        { field: 'userId' },
        { field: 'requestId' },
        { field: 'detail', render: (item) => <JsonBlock value={item.detail} /> },
      ]}
    />
  );
}
