import { Select, Typography } from 'antd';
import { DatePicker } from '../../../../platform/forms/DatePicker';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openItemStatuses, ticketPriorities, type OpenItem, type OpenItemPage } from '@casedesk/shared';
import { ListPage, type ListControls } from '../../../../platform/crud/ListPage';
import { OpenItemEditor } from '../../../../platform/openItem/OpenItemEditor';
import { OpenItemPriorityTag, OpenItemStatusTag } from '../../../../platform/openItem/OpenItemTags';
import { formatDate } from '../../../../platform/format';
import { openItemApi, useOpenItemChoices, useTaskCategories } from '../../api';

const orDash = (v: string | null | undefined) => v || '—';

/** The LOE total of everything the list's filter matches (the same request as the list: answered from its cache). */
function LoeTotal({ query }: Pick<ListControls, 'query'>) {
  const { t } = useTranslation();
  const list = openItemApi.useList(query);
  const page = list.data as OpenItemPage | undefined;
  return (
    <Typography.Text strong className="open-item-loe-total">
      {t('openItem.list.loeTotal', { total: page?.loeTotal ?? '0.00' })}
    </Typography.Text>
  );
}

function Filters({ query, setFilter }: ListControls) {
  const { t } = useTranslation();
  const taskCategories = useTaskCategories();
  const choices = useOpenItemChoices();
  const range = (value: [Dayjs | null, Dayjs | null] | null) => {
    setFilter('openDateFrom', value?.[0]?.format('YYYY-MM-DD'));
    setFilter('openDateTo', value?.[1]?.format('YYYY-MM-DD'));
  };
  return (
    <>
      <Select
        mode="multiple"
        allowClear
        className="open-item-filter-status"
        placeholder={t('openItem.fields.status')}
        style={{ minWidth: 140 }}
        value={(query.status as string[] | undefined) ?? []}
        options={openItemStatuses.map((s) => ({ value: s, label: t(`openItem.status.${s}`) }))}
        onChange={(v: string[]) => setFilter('status', v.length ? v : undefined)}
      />
      <Select
        mode="multiple"
        allowClear
        placeholder={t('openItem.fields.priority')}
        style={{ minWidth: 120 }}
        value={(query.priority as string[] | undefined) ?? []}
        options={ticketPriorities.map((p) => ({ value: p, label: t(`openItem.priority.${p}`) }))}
        onChange={(v: string[]) => setFilter('priority', v.length ? v : undefined)}
      />
      <Select
        allowClear
        placeholder={t('openItem.fields.taskCategory')}
        style={{ width: 140 }}
        value={query.taskCategory as string | undefined}
        options={taskCategories.options}
        onChange={(v: string | undefined) => setFilter('taskCategory', v)}
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('openItem.fields.project')}
        style={{ width: 160 }}
        value={query.projectId as number | undefined}
        options={choices.projects}
        onChange={(v: number | undefined) => setFilter('projectId', v)}
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('openItem.fields.pointOfContact')}
        style={{ width: 150 }}
        value={query.pointOfContact as number | undefined}
        options={choices.users}
        onChange={(v: number | undefined) => setFilter('pointOfContact', v)}
      />
      <DatePicker.RangePicker
        allowEmpty={[true, true]}
        placeholder={[t('openItem.list.openFrom'), t('openItem.list.openTo')]}
        onChange={(v) => range(v as [Dayjs | null, Dayjs | null] | null)}
      />
    </>
  );
}

/** `/openItem/list`: every open item the user may see (through its ticket), with filters, LOE total and export. */
export default function OpenItemListPage() {
  const { t } = useTranslation();
  const f = (key: string) => t(`openItem.fields.${key}`);
  const categories = useTaskCategories();
  return (
    <ListPage<OpenItem>
      kind="open-item"
      api={openItemApi}
      module="openItem"
      title={t('openItem.list.title')}
      searchPlaceholder={t('openItem.list.search')}
      exportName="open-items.xlsx"
      nameOf={(i) => `${i.ticketNumber} #${i.serial}`}
      filters={(controls) => <Filters {...controls} />}
      toolbar={({ query }) => <LoeTotal query={query} />}
      rowAllows={(item, action) => item.actions?.includes(action) ?? false}
      columns={[
        {
          key: 'ticketNumber',
          dataIndex: 'ticketNumber',
          title: f('ticketNumber'),
          sorter: true,
          width: 170,
          render: (n: string, i) => <Link to={`/ticket/info/${i.ticketId}`}>{n}</Link>,
        },
        { key: 'serial', dataIndex: 'serial', title: f('serial'), sorter: true, width: 70 },
        {
          key: 'description',
          dataIndex: 'description',
          title: f('description'),
          width: 280,
          render: (d: string, i) => (
            <Link to={`/openItem/info/${i.id}`} className="open-item-link">
              <Typography.Text ellipsis={{ tooltip: d }} style={{ maxWidth: 260 }}>
                {d}
              </Typography.Text>
            </Link>
          ),
        },
        {
          key: 'status',
          dataIndex: 'status',
          title: f('status'),
          sorter: true,
          width: 110,
          render: (s: OpenItem['status']) => <OpenItemStatusTag status={s} />,
        },
        {
          key: 'priority',
          dataIndex: 'priority',
          title: f('priority'),
          sorter: true,
          width: 100,
          render: (p: OpenItem['priority']) => <OpenItemPriorityTag priority={p} />,
        },
        { key: 'taskCategory', dataIndex: 'taskCategory', title: f('taskCategory'), render: categories.label },
        { key: 'projectName', dataIndex: 'projectName', title: f('project'), render: orDash },
        { key: 'pointOfContactName', dataIndex: 'pointOfContactName', title: f('pointOfContact'), render: orDash },
        {
          key: 'openDate',
          dataIndex: 'openDate',
          title: f('openDate'),
          sorter: true,
          width: 140,
          render: (d: string) => formatDate(d),
        },
        {
          key: 'closeDate',
          dataIndex: 'closeDate',
          title: f('closeDate'),
          sorter: true,
          width: 140,
          render: (d: string | null) => formatDate(d?.slice(0, 10)),
        },
        { key: 'loe', dataIndex: 'loe', title: f('loe'), sorter: true, width: 90, align: 'right', render: orDash },
      ]}
      editor={({ id, onClose }) => <OpenItemEditor id={id} onClose={onClose} />}
    />
  );
}
