import { useState } from 'react';
import { PlayCircleOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Flex, Select, Switch, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ScheduledTicketListItem, ScheduledTicketResult } from '@casedesk/shared';
import { ListPage } from '../../../../platform/crud/ListPage';
import { RowIconButton } from '../../../../platform/crud/RowIconButton';
import { useActionFeedback } from '../../../../platform/crud/failure';
import { usePermissions } from '../../../../platform/permission';
import { scheduledTicketApi, useRunScheduledNow } from '../../api';
import { formatDateTime } from '../../../../platform/format';
import { ScheduledTicketEditor } from '../../components/ScheduledTicketEditor';
import { ScheduledTicketsMade } from '../../components/ScheduledTicketsMade';

const resultColors: Record<ScheduledTicketResult, string> = { Succeeded: 'success', Failed: 'error' };

/** Scheduled tickets: ticket templates the scheduler turns into tickets by cron or on one date. */
export default function ScheduledTicketListPage() {
  const { t } = useTranslation();
  const canEdit = usePermissions().has('scheduledTicket:edit');
  const save = scheduledTicketApi.useSave();
  const runNow = useRunScheduledNow();
  const feedback = useActionFeedback();
  const [made, setMade] = useState<ScheduledTicketListItem | null>(null);

  const setEnabled = (item: ScheduledTicketListItem, enabled: boolean) =>
    save.mutate(
      { id: item.id, body: { rowVersion: item.rowVersion, enabled } },
      feedback(enabled ? t('ticket.scheduled.enabledOn') : t('ticket.scheduled.enabledOff')),
    );
  const run = (item: ScheduledTicketListItem) =>
    runNow.mutate(item.id, {
      ...feedback(),
      onSuccess: (result) => feedback(t('ticket.scheduled.ranNow', { caseNumber: result.caseNumber })).onSuccess(),
    });

  return (
    <>
      <ListPage<ScheduledTicketListItem>
        kind="scheduled-ticket"
        api={scheduledTicketApi}
        module="scheduledTicket"
        className="scheduled-ticket-list"
        title={t('ticket.scheduled.title')}
        searchPlaceholder={t('ticket.scheduled.search')}
        exportName="scheduled-tickets.xlsx"
        nameOf={(s) => s.subject}
        actionsWidth={130}
        filters={({ query, setFilter }) => (
          <>
            <Select
              allowClear
              className="scheduled-filter-enabled"
              placeholder={t('ticket.scheduled.fields.enabled')}
              value={(query.enabled as boolean | undefined) ?? null}
              onChange={(v: boolean | null) => setFilter('enabled', v)}
              options={[
                { value: true, label: t('ticket.scheduled.on') },
                { value: false, label: t('ticket.scheduled.off') },
              ]}
              style={{ width: 130 }}
            />
            <Select
              allowClear
              className="scheduled-filter-result"
              placeholder={t('ticket.scheduled.fields.lastResult')}
              value={(query.lastResult as string | undefined) ?? null}
              onChange={(v: string | null) => setFilter('lastResult', v)}
              options={(['Succeeded', 'Failed'] as const).map((r) => ({
                value: r,
                label: t(`ticket.scheduled.result.${r}`),
              }))}
              style={{ width: 140 }}
            />
          </>
        )}
        rowActions={(item) => (
          <>
            <RowIconButton
              label={t('ticket.scheduled.made')}
              icon={<UnorderedListOutlined />}
              className="scheduled-made-button"
              onClick={() => setMade(item)}
            />
            {canEdit && (
              <RowIconButton
                label={t('ticket.scheduled.runNow')}
                icon={<PlayCircleOutlined />}
                className="scheduled-run-now"
                confirm={t('ticket.scheduled.runNowConfirm', { subject: item.subject })}
                onClick={() => run(item)}
              />
            )}
          </>
        )}
        columns={[
          {
            key: 'subject',
            dataIndex: 'subject',
            title: t('ticket.fields.subject'),
            sorter: true,
            ellipsis: true,
            width: 160,
          },
          {
            key: 'projectName',
            dataIndex: 'projectName',
            title: t('ticket.fields.projectId'),
            width: 110,
            ellipsis: true,
          },
          {
            key: 'categoryName',
            dataIndex: 'categoryName',
            title: t('ticket.fields.categoryId'),
            width: 110,
            ellipsis: true,
          },
          {
            key: 'recurrence',
            title: t('ticket.scheduled.fields.recurrence'),
            width: 140,
            render: (_, s) =>
              s.cron ? (
                <Typography.Text code className="scheduled-cron">
                  {s.cron}
                </Typography.Text>
              ) : (
                t('ticket.scheduled.onceAt', { date: formatDateTime(s.scheduledDate) })
              ),
          },
          {
            key: 'enabled',
            dataIndex: 'enabled',
            title: t('ticket.scheduled.fields.enabled'),
            width: 80,
            render: (on: boolean, s) => (
              <Switch
                size="small"
                className="scheduled-toggle"
                checked={on}
                disabled={!canEdit}
                loading={save.isPending && save.variables?.id === s.id}
                onChange={(next) => setEnabled(s, next)}
              />
            ),
          },
          {
            key: 'nextRunAt',
            dataIndex: 'nextRunAt',
            title: t('ticket.scheduled.fields.nextRunAt'),
            width: 140,
            sorter: true,
            render: (value: string | null) => formatDateTime(value),
          },
          {
            key: 'lastRunAt',
            dataIndex: 'lastRunAt',
            title: t('ticket.scheduled.fields.lastRun'),
            width: 170,
            sorter: true,
            // When it last ran, how that went (why it failed, on hover) and the ticket it made.
            render: (value: string | null, s) =>
              value ? (
                <Flex vertical gap={2} align="start">
                  <span>{formatDateTime(value)}</span>
                  <span>
                    {s.lastResult && (
                      <Tooltip title={s.lastResult === 'Failed' ? s.lastMessage : undefined}>
                        <Tag
                          color={resultColors[s.lastResult]}
                          className={`scheduled-result scheduled-result-${s.lastResult}`}
                        >
                          {t(`ticket.scheduled.result.${s.lastResult}`)}
                        </Tag>
                      </Tooltip>
                    )}
                    {s.lastTicketId && s.lastTicketCaseNumber && (
                      <Link to={`/ticket/info/${s.lastTicketId}`} className="scheduled-last-ticket">
                        {s.lastTicketCaseNumber}
                      </Link>
                    )}
                  </span>
                </Flex>
              ) : (
                '—'
              ),
          },
        ]}
        editor={({ id, onClose }) => <ScheduledTicketEditor id={id} onClose={onClose} />}
      />
      {made && <ScheduledTicketsMade item={made} onClose={() => setMade(null)} />}
    </>
  );
}
