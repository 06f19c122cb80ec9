import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { loginResults, type LoginLog } from '@casedesk/shared';
import { loginLogApi } from '../../api';
import { LogList, logTime } from '../../components/LogList';

const resultColor = { Succeeded: 'success', Failed: 'error', Locked: 'warning', SignedOut: 'default' } as const;

/** Sign-in log: who signed in, from where, and what came of it. */
export default function LoginLogPage() {
  const { t } = useTranslation();
  const result = (item: LoginLog) => (
    <Tag color={resultColor[item.result]}>{t(`logs.login.resultValues.${item.result}`)}</Tag>
  );
  return (
    <LogList<LoginLog>
      api={loginLogApi}
      kind="login"
      exportName="sign-in-log.xlsx"
      ip
      choice={{ field: 'result', values: loginResults }}
      columns={[
        { key: 'logTime', dataIndex: 'logTime', title: t('logs.login.fields.logTime'), width: 210, render: logTime },
        { key: 'loginName', dataIndex: 'loginName', title: t('logs.login.fields.loginName') },
        { key: 'result', title: t('logs.login.fields.result'), width: 110, render: (_, item) => result(item) },
        {
          key: 'message',
          dataIndex: 'message',
          title: t('logs.login.fields.message'),
          ellipsis: true,
          render: (message: string | null) => message ?? '—',
        },
        { key: 'ip', dataIndex: 'ip', title: t('logs.login.fields.ip'), width: 140 },
        {
          key: 'userAgent',
          dataIndex: 'userAgent',
          title: t('logs.login.fields.userAgent'),
          ellipsis: true,
          width: 240,
        },
      ]}
      detail={[
        { field: 'logTime', render: (item) => logTime(item.logTime) },
        { field: 'loginName' },
        { field: 'userId' },
        { field: 'result', render: result },
        { field: 'message', render: (item) => item.message ?? '—' },
        { field: 'ip' },
        { field: 'userAgent' },
      ]}
    />
  );
}
