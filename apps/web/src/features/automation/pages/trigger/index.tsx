import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { triggerEvents, type Trigger } from '@casedesk/shared';
import { ListPage } from '../../../../platform/crud/ListPage';
import { StatusTag } from '../../../../platform/crud/StatusTag';
import { formatDateTime, formatNumber } from '../../../../platform/format';
import { useValueLabel } from '../../../../platform/labels/labels';
import { triggerApi } from '../../api';
import { TriggerEditor } from '../../components/TriggerEditor';
import { useTriggerWords } from '../../components/trigger-words';
import '../../components/automation.css';

/** Automation → Triggers: rules that act on tickets when something happens or on a schedule, in their order. */
export default function TriggerListPage() {
  const { t } = useTranslation();
  const valueLabel = useValueLabel();
  const words = useTriggerWords();
  return (
    <ListPage<Trigger>
      kind="trigger"
      api={triggerApi}
      module="trigger"
      title={t('automation.trigger.title')}
      searchPlaceholder={t('automation.trigger.search')}
      statusField="status"
      exportName="triggers.xlsx"
      nameOf={(trigger) => trigger.name}
      filters={({ query, setFilter }) => (
        <Select<string>
          allowClear
          style={{ width: 220 }}
          placeholder={t('automation.trigger.fields.event')}
          aria-label={t('automation.trigger.fields.event')}
          value={(query.event as string | undefined) ?? undefined}
          onChange={(event) => setFilter('event', event)}
          options={triggerEvents.map((event) => ({ value: event, label: valueLabel('automationEvent', event) }))}
        />
      )}
      // Fits a 1366-pixel screen beside the menu: the next run of a scheduled trigger is told under its event, the
      // conditions wrap.
      columns={[
        { key: 'order', dataIndex: 'order', title: t('automation.trigger.fields.order'), sorter: true, width: 72 },
        { key: 'name', dataIndex: 'name', title: t('automation.trigger.fields.name'), sorter: true, width: 160 },
        {
          key: 'event',
          dataIndex: 'event',
          title: t('automation.trigger.fields.event'),
          width: 150,
          render: (_, trigger) => (
            <>
              <div>{valueLabel('automationEvent', trigger.event)}</div>
              {trigger.nextRunAt && (
                <div className="trigger-next-run">
                  {t('automation.trigger.nextRun', { at: formatDateTime(trigger.nextRunAt) })}
                </div>
              )}
            </>
          ),
        },
        {
          key: 'conditions',
          title: t('automation.trigger.fields.conditions'),
          width: 230,
          render: (_, trigger) =>
            trigger.conditions.length === 0
              ? t('automation.trigger.always')
              : trigger.conditions.map(words.condition).join(t('automation.trigger.conditionSeparator')),
        },
        {
          key: 'actions',
          title: t('automation.trigger.list.actions'),
          width: 160,
          render: (_, trigger) => (
            <div className="trigger-action-tags">
              {trigger.actions.map((action, index) => (
                <Tag key={index}>
                  {valueLabel(
                    'triggerActionKind',
                    Object.keys(action).find((k) => action[k as keyof typeof action]),
                  )}
                </Tag>
              ))}
            </div>
          ),
        },
        {
          key: 'runsToday',
          title: t('automation.trigger.fields.runsToday'),
          width: 90,
          render: (_, trigger) => (
            <>
              <div>{formatNumber(trigger.runsToday)}</div>
              {trigger.failuresToday > 0 && (
                <Tag color="error" className="trigger-failures">
                  {t('automation.trigger.failures', { count: trigger.failuresToday })}
                </Tag>
              )}
            </>
          ),
        },
        {
          key: 'status',
          dataIndex: 'status',
          title: t('automation.trigger.fields.status'),
          sorter: true,
          width: 100,
          render: (s: string) => <StatusTag active={s === 'Active'} />,
        },
      ]}
      editor={({ id, onClose }) => <TriggerEditor id={id} onClose={onClose} />}
    />
  );
}
