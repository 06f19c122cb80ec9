import { Select, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { delegateTypes, type Delegate } from '@casedesk/shared';
import { useActionFeedback } from '../../../../platform/crud/failure';
import { ListPage } from '../../../../platform/crud/ListPage';
import { StatusFilter } from '../../../../platform/crud/StatusTag';
import { delegateApi, useSetEnabled } from '../../api';
import { DelegateEditor } from '../../components/DelegateEditor';
import { formatDate } from '../../../../platform/format';

const day = (value: string | null) => (value ? formatDate(value) : null);

/** Delegates (spec: Delegate screen): who holds whose tickets and approvals, when, in which projects; on/off. */
export default function DelegateListPage() {
  const { t } = useTranslation();
  const feedback = useActionFeedback();
  const setEnabled = useSetEnabled();

  return (
    <ListPage<Delegate>
      kind="delegate"
      api={delegateApi}
      module="delegate"
      title={t('delegate.list.title')}
      searchPlaceholder={t('delegate.list.search')}
      exportName="delegates.xlsx"
      nameOf={(d) => t('delegate.list.nameOf', { owner: d.delegateByName, delegate: d.delegateToName })}
      batchDelete
      rowAllows={(d, action) => d.actions.includes(action)}
      filters={({ query, setFilter }) => (
        <>
          <Select<string>
            allowClear
            className="delegate-type-filter"
            placeholder={t('delegate.list.allTypes')}
            value={(query.delegateType as string | undefined) ?? null}
            onChange={(value) => setFilter('delegateType', value)}
            options={delegateTypes.map((value) => ({ value, label: t(`delegate.type.${value}`) }))}
            style={{ width: 150 }}
          />
          <StatusFilter
            className="delegate-enabled-filter"
            value={query.enabled === undefined ? undefined : query.enabled ? 'true' : 'false'}
            values={{ Active: 'true', Inactive: 'false' }}
            onChange={(value) => setFilter('enabled', value === undefined ? undefined : value === 'true')}
          />
        </>
      )}
      columns={[
        {
          key: 'delegateBy',
          dataIndex: 'delegateByName',
          title: t('delegate.fields.delegateBy'),
          render: (name: string | null, d) => name ?? `#${d.delegateBy}`,
        },
        {
          key: 'delegateTo',
          dataIndex: 'delegateToName',
          title: t('delegate.fields.delegateTo'),
          render: (name: string | null, d) => name ?? `#${d.delegateTo}`,
        },
        {
          key: 'delegateType',
          dataIndex: 'delegateType',
          title: t('delegate.fields.delegateType'),
          sorter: true,
          render: (type: Delegate['delegateType']) => (
            <Tag color={type === 'All' ? 'purple' : type === 'Ticket' ? 'blue' : 'gold'}>
              {t(`delegate.type.${type}`)}
            </Tag>
          ),
        },
        {
          key: 'startDate',
          dataIndex: 'startDate',
          title: t('delegate.fields.dates'),
          sorter: true,
          render: (_: string, d) => (
            <span className="delegate-dates">
              {day(d.startDate)} – {day(d.endDate) ?? t('delegate.openEnded')}
            </span>
          ),
        },
        {
          key: 'projects',
          dataIndex: 'projectNames',
          title: t('delegate.fields.projects'),
          render: (names: string[]) =>
            names.length === 0 ? (
              <Typography.Text type="secondary">{t('delegate.allProjects')}</Typography.Text>
            ) : (
              <Space size={[0, 4]} wrap>
                {names.map((name) => (
                  <Tag key={name}>{name}</Tag>
                ))}
              </Space>
            ),
        },
        {
          key: 'enabled',
          dataIndex: 'enabled',
          title: t('delegate.fields.enabled'),
          sorter: true,
          render: (enabled: boolean, d) => (
            <Switch
              size="small"
              className="delegate-switch"
              checked={enabled}
              disabled={!d.actions.includes('onOff')}
              loading={setEnabled.isPending && setEnabled.variables?.id === d.id}
              aria-label={t('delegate.fields.enabled')}
              onChange={(checked) =>
                setEnabled.mutate(
                  { id: d.id, rowVersion: d.rowVersion, enabled: checked },
                  feedback(checked ? t('delegate.list.switchedOn') : t('delegate.list.switchedOff')),
                )
              }
            />
          ),
        },
        {
          key: 'delegateDate',
          dataIndex: 'delegateDate',
          title: t('delegate.fields.delegateDate'),
          sorter: true,
          render: (value: string) => day(value),
        },
      ]}
      editor={({ id, onClose }) => <DelegateEditor id={id} onClose={onClose} />}
    />
  );
}
