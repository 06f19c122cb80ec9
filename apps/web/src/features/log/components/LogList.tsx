import { useState, type ReactNode } from 'react';
import { EyeOutlined } from '@ant-design/icons';
import { Descriptions, Drawer, Input, Select, Typography } from 'antd';
import { TimeRangeFilter } from '../../../platform/crud/TimeRangeFilter';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../platform/crud/ListPage';
import type { resourceApi } from '../../../platform/crud/resource-api';
import { RowIconButton } from '../../../platform/crud/RowIconButton';
import { formatDateTime } from '../../../platform/format';

type Api<Item extends { id: number }> = ReturnType<typeof resourceApi<Item, unknown>>;

export type LogListProps<Item extends { id: number; logTime: string }> = {
  api: Api<Item>;
  /** `login`, `request`, `sql`, `system`, `holidayReminder`: class names and the `logs.<kind>.*` texts. */
  kind: string;
  exportName: string;
  columns: ColumnsType<Item>;
  /** Show the IP filter. */
  ip?: boolean;
  /** Show the user filter (sign-in name); the SQL log has no user. */
  user?: boolean;
  /** A select filter on `field` with these values, texts `logs.<kind>.<field>Values.<value>`. */
  choice?: { field: string; values: readonly string[] };
  /** The detail drawer's rows: the fields in order; `render` for the ones that are not plain text. */
  detail: { field: keyof Item & string; render?: (item: Item) => ReactNode }[];
};

/** A log's moment, to the second. */
export const logTime = (value: string) => formatDateTime(value, { seconds: true });

/** A log screen: time range, user, IP and result filters, server paging, a detail drawer, export (`log:export`). */
export function LogList<Item extends { id: number; logTime: string }>(props: LogListProps<Item>) {
  const { t } = useTranslation();
  const { kind } = props;
  const [shown, setShown] = useState<Item | null>(null);
  const [typedUser, setTypedUser] = useState('');
  const [typedIp, setTypedIp] = useState('');
  const text = (key: string) => t(`logs.${kind}.${key}`);

  return (
    <>
      <ListPage<Item>
        kind={`log-${kind}`}
        api={props.api}
        module="log"
        className="log-list"
        title={text('title')}
        searchPlaceholder={text('search')}
        exportName={props.exportName}
        nameOf={(item) => String(item.id)}
        filters={({ query, setFilter }) => (
          <>
            <TimeRangeFilter
              className="log-time-range"
              query={query}
              setFilter={setFilter}
              placeholder={[t('logs.common.from'), t('logs.common.to')]}
            />
            {props.user !== false && (
              <Input.Search
                allowClear
                className="log-user-filter"
                placeholder={t('logs.common.user')}
                value={typedUser}
                onChange={(e) => setTypedUser(e.target.value)}
                onSearch={(value) => setFilter('user', value.trim() || undefined)}
                style={{ width: 180 }}
              />
            )}
            {props.ip && (
              <Input.Search
                allowClear
                className="log-ip-filter"
                placeholder={t('logs.common.ip')}
                value={typedIp}
                onChange={(e) => setTypedIp(e.target.value)}
                onSearch={(value) => setFilter('ip', value.trim() || undefined)}
                style={{ width: 160 }}
              />
            )}
            {props.choice && (
              <Select
                allowClear
                className="log-choice-filter"
                placeholder={text(`${props.choice.field}All`)}
                value={(query[props.choice.field] as string | undefined) ?? null}
                onChange={(value: string | null) => setFilter(props.choice!.field, value)}
                options={props.choice.values.map((value) => ({
                  value,
                  label: text(`${props.choice!.field}Values.${value}`),
                }))}
                style={{ width: 150 }}
              />
            )}
          </>
        )}
        rowActions={(item) => (
          <RowIconButton
            label={t('logs.common.detail')}
            icon={<EyeOutlined />}
            className="row-view"
            onClick={() => setShown(item)}
          />
        )}
        actionsWidth={70}
        columns={props.columns}
        tableProps={{ scroll: { x: 'max-content' } }}
      />
      <Drawer
        open={shown !== null}
        onClose={() => setShown(null)}
        title={text('detailTitle')}
        size={640}
        className={`log-detail log-${kind}-detail`}
        destroyOnHidden
      >
        {shown && (
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 160 } }}>
            {props.detail.map(({ field, render }) => (
              <Descriptions.Item key={field} label={text(`fields.${field}`)}>
                {render ? render(shown) : <DetailText value={shown[field]} />}
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
      </Drawer>
    </>
  );
}

function DetailText({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '')
    return <Typography.Text type="secondary">—</Typography.Text>;
  return <Typography.Text copyable={String(value).length > 20}>{String(value)}</Typography.Text>;
}

/** JSON detail (system log) as indented text. */
export function JsonBlock({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <pre className="log-json" style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
