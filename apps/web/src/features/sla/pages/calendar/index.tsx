import { useTranslation } from 'react-i18next';
import type { SlaCalendar } from '@casedesk/shared';
import { ListPage } from '../../../../platform/crud/ListPage';
import { StatusTag } from '../../../../platform/crud/StatusTag';
import { formatDateTime, noValue } from '../../../../platform/format';
import { useSeededName } from '../../../../platform/labels/labels';
import { slaCalendarApi } from '../../api';
import { SlaCalendarEditor } from '../../components/SlaCalendarEditor';
import { weekSummary } from '../../components/working-week';

/** Service levels → Calendars: the weeks of working hours the service levels count in. */
export default function SlaCalendarListPage() {
  const { t } = useTranslation();
  const seededName = useSeededName();
  const nameOf = (calendar: SlaCalendar) => seededName('slaCalendar', calendar.seedCode, calendar.name);
  return (
    <ListPage<SlaCalendar>
      kind="sla"
      api={slaCalendarApi}
      module="slaCalendar"
      title={t('sla.calendar.title')}
      searchPlaceholder={t('sla.calendar.search')}
      statusField="status"
      exportName="sla-calendars.xlsx"
      nameOf={nameOf}
      columns={[
        {
          key: 'name',
          dataIndex: 'name',
          title: t('sla.calendar.fields.name'),
          sorter: true,
          render: (_, c) => nameOf(c),
        },
        { key: 'timeZone', dataIndex: 'timeZone', title: t('sla.calendar.fields.timeZone'), width: 200 },
        {
          key: 'week',
          title: t('sla.calendar.fields.week'),
          render: (_, calendar) => weekSummary(t, calendar.workingHours),
        },
        {
          key: 'extraHolidays',
          dataIndex: 'extraHolidays',
          title: t('sla.calendar.fields.extraHolidays'),
          width: 140,
          render: (days: string[]) => (days.length === 0 ? noValue : t('sla.calendar.days', { count: days.length })),
        },
        {
          key: 'status',
          dataIndex: 'status',
          title: t('sla.calendar.fields.status'),
          sorter: true,
          width: 110,
          render: (s: string) => <StatusTag active={s === 'Active'} />,
        },
        {
          key: 'modifiedAt',
          dataIndex: 'modifiedAt',
          title: t('sla.calendar.fields.modifiedAt'),
          sorter: true,
          width: 190,
          render: (at: string) => formatDateTime(at),
        },
      ]}
      editor={({ id, onClose }) => <SlaCalendarEditor id={id} onClose={onClose} />}
    />
  );
}
