import { useState } from 'react';
import { Card, Select, Space, Table, Tag, Typography } from 'antd';
import { DatePicker } from '../../../../platform/forms/DatePicker';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { delegateLogEvents, type DelegateLogEntry, type DelegateLogEvent } from '@casedesk/shared';
import { ListHeader, ResetButton } from '../../../../platform/crud/ListHeader';
import { useResourceList } from '../../../../platform/crud/use-resource-list';
import { usePermissions } from '../../../../platform/permission';
import { RemoteSelect } from '../../../../platform/pickers/RemoteSelect';
import {
  searchDelegateUsers,
  useDelegateHistory,
  useDelegateProjects,
  useUserNames,
  type HistoryFilter,
} from '../../api';
import { formatDate, formatDateTime } from '../../../../platform/format';

const firstPage: HistoryFilter = { page: 1, pageSize: 20 };
const delegateLog = { useList: useDelegateHistory };
const eventColor: Record<DelegateLogEvent, string> = {
  created: 'green',
  updated: 'blue',
  enabled: 'cyan',
  disabled: 'default',
  deleted: 'red',
  ticketReached: 'purple',
  taskReached: 'magenta',
};

/** A change's fields as "field: before → after", in the user's language. */
function ChangeSummary({ entry, names }: { entry: DelegateLogEntry; names: Map<number, string> | undefined }) {
  const { t } = useTranslation();
  // A project by its name (the pickers' one cached list), not its id; one no longer offered by its id.
  const projects = useDelegateProjects(usePermissions().has('delegate:view')).data;
  const projectName = (id: unknown) => projects?.find((p) => p.value === id)?.label ?? `#${String(id)}`;
  const userName = (id: unknown) => (typeof id === 'number' ? (names?.get(id) ?? `#${id}`) : '—');
  if (!entry.detail) return null;
  if (entry.event === 'created' || entry.event === 'deleted') {
    // The delegation as it was made or as it was when deleted: its work, dates and how many projects.
    const saved = entry.detail as {
      delegateType?: string;
      startDate?: string;
      endDate?: string | null;
      projectIds?: number[];
    };
    const projects = saved.projectIds ?? [];
    return (
      <Typography.Text style={{ fontSize: 12 }} className="delegate-change">
        {t(`delegate.type.${saved.delegateType ?? 'All'}`)} · {saved.startDate ? formatDate(saved.startDate) : ''} –{' '}
        {saved.endDate ? formatDate(saved.endDate) : t('delegate.openEnded')} ·{' '}
        {projects.length === 0
          ? t('delegate.allProjects')
          : t('delegate.audit.projectCount', { count: projects.length })}
      </Typography.Text>
    );
  }
  if (entry.event !== 'updated') return null;
  const value = (field: string, v: unknown) => {
    if (v === null || v === undefined) return field === 'endDate' ? t('delegate.openEnded') : '—';
    if (field === 'delegateType') return t(`delegate.type.${String(v)}`);
    if ((field === 'startDate' || field === 'endDate') && typeof v === 'string') return formatDate(v);
    if (typeof v === 'boolean') return t(v ? 'delegate.on' : 'delegate.off');
    if (Array.isArray(v))
      return v.length === 0 ? t('delegate.allProjects') : v.map(projectName).join(t('values.listSeparator'));
    return String(v);
  };
  return (
    <Space orientation="vertical" size={0} className="delegate-change">
      {Object.entries(entry.detail).map(([field, change]) => {
        const { from, to } = change as { from: unknown; to: unknown };
        const user = field === 'delegateTo' || field === 'delegateBy';
        return (
          <Typography.Text key={field} style={{ fontSize: 12 }}>
            {t(`delegate.fields.${field === 'projectIds' ? 'projects' : field}`)}
            {t('values.colon')}
            {user ? userName(from) : value(field, from)} → {user ? userName(to) : value(field, to)}
          </Typography.Text>
        );
      })}
    </Space>
  );
}

/** The delegate audit (`delegate:history`): every change of every delegation, and the work that reached a delegate. */
export default function DelegateAuditPage() {
  const { t } = useTranslation();
  const history = useResourceList<DelegateLogEntry, HistoryFilter>(delegateLog, { start: firstPage });
  const { query } = history;
  const [userKey, setUserKey] = useState(0);
  // Changed owners and delegates are ids in the log: their names, for the page shown.
  const changedUsers = history.items.flatMap((e) =>
    e.event === 'updated' && e.detail
      ? ['delegateBy', 'delegateTo'].flatMap((field) => {
          const change = e.detail?.[field] as { from: unknown; to: unknown } | undefined;
          return change ? [change.from, change.to].filter((id): id is number => typeof id === 'number') : [];
        })
      : [],
  );
  const names = useUserNames(changedUsers);
  const setFilter = (patch: Partial<HistoryFilter>) => history.setQuery((q) => ({ ...q, ...patch, page: 1 }));
  const range: [Dayjs | null, Dayjs | null] | null =
    query.from || query.to ? [query.from ? dayjs(query.from) : null, query.to ? dayjs(query.to) : null] : null;

  return (
    <Card className="delegate-audit" variant="borderless">
      <ListHeader title={t('delegate.audit.title')}>
        <div style={{ width: 220 }} className="delegate-audit-user">
          <RemoteSelect
            key={userKey}
            id="delegate-audit-user"
            queryKey={['resource', 'Delegate', 'users']}
            search={searchDelegateUsers}
            allowClear
            placeholder={t('delegate.audit.anyUser')}
            value={query.userId ?? null}
            onChange={(value) => setFilter({ userId: typeof value === 'number' ? value : undefined })}
          />
        </div>
        <Select<DelegateLogEvent[]>
          mode="multiple"
          allowClear
          className="delegate-audit-events"
          placeholder={t('delegate.audit.anyEvent')}
          value={query.events ?? []}
          onChange={(events) => setFilter({ events: events.length > 0 ? events : undefined })}
          options={delegateLogEvents.map((value) => ({ value, label: t(`delegate.event.${value}`) }))}
          style={{ minWidth: 200 }}
          maxTagCount="responsive"
        />
        <DatePicker.RangePicker
          className="delegate-audit-dates"
          allowEmpty={[true, true]}
          value={range}
          onChange={(dates) =>
            setFilter({
              from: dates?.[0] ? dates[0].format('YYYY-MM-DD') : undefined,
              to: dates?.[1] ? dates[1].format('YYYY-MM-DD') : undefined,
            })
          }
        />
        <ResetButton
          onClick={() => {
            history.reset();
            setUserKey((k) => k + 1);
          }}
        />
      </ListHeader>
      <Table<DelegateLogEntry>
        rowKey="id"
        size="middle"
        className="delegate-audit-table"
        dataSource={history.items}
        loading={history.list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('crud.list.empty') }}
        pagination={history.pagination}
        onChange={history.onTableChange}
        columns={[
          {
            key: 'createdAt',
            dataIndex: 'createdAt',
            title: t('delegate.audit.when'),
            render: (value: string) => formatDateTime(value),
          },
          {
            key: 'event',
            dataIndex: 'event',
            title: t('delegate.audit.event'),
            render: (event: DelegateLogEvent) => (
              <Tag color={eventColor[event]} className={`delegate-event-${event}`}>
                {t(`delegate.event.${event}`)}
              </Tag>
            ),
          },
          {
            key: 'delegateBy',
            dataIndex: 'delegateByName',
            title: t('delegate.fields.delegateBy'),
            render: (name: string | null, e) => name ?? `#${e.delegateBy}`,
          },
          {
            key: 'delegateTo',
            dataIndex: 'delegateToName',
            title: t('delegate.fields.delegateTo'),
            render: (name: string | null, e) => name ?? `#${e.delegateTo}`,
          },
          {
            key: 'work',
            title: t('delegate.audit.work'),
            render: (_: unknown, e) =>
              e.ticketId !== null ? (
                <Link to={`/ticket/info/${e.ticketId}`}>{e.caseNumber ?? `#${e.ticketId}`}</Link>
              ) : e.instanceId !== null ? (
                <Link to={`/workflow/instance/info/${e.instanceId}`}>
                  {t('delegate.audit.approval', { id: e.instanceId })}
                </Link>
              ) : (
                <ChangeSummary entry={e} names={names.data} />
              ),
          },
          {
            key: 'actor',
            dataIndex: 'actorName',
            title: t('delegate.audit.actor'),
            render: (name: string | null, e) =>
              name ?? (e.actorId === null ? t('delegate.audit.system') : `#${e.actorId}`),
          },
        ]}
      />
    </Card>
  );
}
