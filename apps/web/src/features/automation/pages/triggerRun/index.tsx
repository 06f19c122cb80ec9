import { Select, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { triggerRunOutcomes, type TriggerRun } from '@casedesk/shared';
import { ListPage } from '../../../../platform/crud/ListPage';
import { useServerText } from '../../../../platform/crud/failure';
import { formatDateTime } from '../../../../platform/format';
import { useValueLabel } from '../../../../platform/labels/labels';
import { searchTickets } from '../../../../platform/pickers/lookups';
import { searchTriggers, triggerRunApi } from '../../api';
import { RecordFilter } from '../../components/RecordFilter';
import { TriggerName } from '../../components/TriggerName';
import { TimeRangeFilter } from '../../../../platform/crud/TimeRangeFilter';
import { useTriggerWords } from '../../components/trigger-words';
import '../../components/automation.css';

const outcomeColor: Record<string, string> = {
  Applied: 'success',
  NoChange: 'default',
  Failed: 'error',
  DepthLimit: 'warning',
  DryRun: 'processing',
};

/** Automation → Trigger log: every run of every trigger, what it changed or why it failed. */
export default function TriggerRunPage() {
  const { t } = useTranslation();
  const valueLabel = useValueLabel();
  const text = useServerText();
  const words = useTriggerWords();
  return (
    <ListPage<TriggerRun>
      kind="trigger-run"
      api={triggerRunApi}
      module="trigger"
      title={t('automation.log.runTitle')}
      searchPlaceholder={t('automation.log.search')}
      exportName="trigger-runs.xlsx"
      nameOf={(run) => String(run.id)}
      filters={(controls) => (
        <>
          <RecordFilter
            resource="Trigger"
            search={searchTriggers}
            value={controls.query.triggerId}
            onChange={(id) => controls.setFilter('triggerId', id)}
            placeholder={t('automation.log.trigger')}
          />
          <Select<string>
            allowClear
            style={{ width: 160 }}
            placeholder={t('automation.log.outcome')}
            aria-label={t('automation.log.outcome')}
            value={(controls.query.outcome as string | undefined) ?? undefined}
            onChange={(outcome) => controls.setFilter('outcome', outcome)}
            options={triggerRunOutcomes.map((outcome) => ({
              value: outcome,
              label: valueLabel('triggerRunOutcome', outcome),
            }))}
          />
          <RecordFilter
            resource="Ticket"
            search={searchTickets}
            value={controls.query.ticketId}
            onChange={(id) => controls.setFilter('ticketId', id)}
            placeholder={t('automation.log.ticket')}
          />
          <TimeRangeFilter {...controls} placeholder={[t('automation.log.from'), t('automation.log.to')]} />
        </>
      )}
      columns={[
        {
          key: 'createdAt',
          dataIndex: 'createdAt',
          title: t('automation.log.time'),
          width: 180,
          sorter: true,
          render: (at: string) => formatDateTime(at, { seconds: true }),
        },
        {
          key: 'triggerName',
          title: t('automation.log.trigger'),
          width: 160,
          render: (_, run) => <TriggerName run={run} />,
        },
        {
          key: 'event',
          title: t('automation.trigger.fields.event'),
          width: 150,
          render: (_, run) => valueLabel('automationEvent', run.event),
        },
        {
          key: 'ticket',
          title: t('automation.log.ticket'),
          width: 140,
          render: (_, run) =>
            run.ticketId ? (
              <Link to={`/ticket/info/${run.ticketId}`}>{run.caseNumber ?? `#${run.ticketId}`}</Link>
            ) : (
              '—'
            ),
        },
        {
          key: 'outcome',
          title: t('automation.log.outcome'),
          width: 110,
          render: (_, run) => (
            <Tag color={outcomeColor[run.outcome]}>{valueLabel('triggerRunOutcome', run.outcome)}</Tag>
          ),
        },
        { key: 'depth', dataIndex: 'depth', title: t('automation.log.depth'), width: 70 },
        {
          key: 'message',
          title: t('automation.log.message'),
          render: (_, run) => (
            <>
              <div>
                {text({
                  message: run.message,
                  messageKey: run.messageKey ?? undefined,
                  messageValues: (run.messageValues ?? undefined) as Record<string, string | number> | undefined,
                })}
              </div>
              {Object.entries(run.changes).map(([field, { from, to }]) => (
                <div key={field} className="dry-run-summary">
                  {t('automation.dryRun.change', {
                    field: words.field(field),
                    from: words.value(field, from),
                    to: words.value(field, to),
                  })}
                </div>
              ))}
            </>
          ),
        },
      ]}
    />
  );
}
