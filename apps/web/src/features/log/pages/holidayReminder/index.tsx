import { useTranslation } from 'react-i18next';
import type { HolidayReminderLog } from '@casedesk/shared';
import { holidayReminderLogApi } from '../../api';
import { LogList, logTime } from '../../components/LogList';

/** Holiday reminder log: each reminder mail queued, once per holiday and user. */
export default function HolidayReminderLogPage() {
  const { t } = useTranslation();
  return (
    <LogList<HolidayReminderLog>
      api={holidayReminderLogApi}
      kind="holidayReminder"
      exportName="holiday-reminders.xlsx"
      columns={[
        {
          key: 'logTime',
          dataIndex: 'logTime',
          title: t('logs.holidayReminder.fields.logTime'),
          width: 210,
          render: logTime,
        },
        { key: 'holidayDay', dataIndex: 'holidayDay', title: t('logs.holidayReminder.fields.holidayDay'), width: 120 },
        { key: 'holidayName', dataIndex: 'holidayName', title: t('logs.holidayReminder.fields.holidayName') },
        { key: 'loginName', dataIndex: 'loginName', title: t('logs.holidayReminder.fields.loginName'), width: 160 },
        { key: 'toAddress', dataIndex: 'toAddress', title: t('logs.holidayReminder.fields.toAddress') },
        { key: 'language', dataIndex: 'language', title: t('logs.holidayReminder.fields.language'), width: 100 },
      ]}
      detail={[
        { field: 'logTime', render: (item) => logTime(item.logTime) },
        { field: 'holidayDay' },
        { field: 'holidayName' },
        { field: 'loginName' },
        { field: 'userId' },
        { field: 'toAddress' },
        { field: 'language' },
        { field: 'emailId' },
      ]}
    />
  );
}
