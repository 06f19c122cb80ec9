import { useState } from 'react';
import { PlusSquareOutlined } from '@ant-design/icons';
import { Badge, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Industry, IndustryNode } from '@casedesk/shared';
import { usePermissions } from '../../../../../platform/permission';
import { industryApi, useIndustryTree } from '../../../api';
import { IndustryEditor } from '../../../components/IndustryEditor';
import { ListPage } from '../../../../../platform/crud/ListPage';
import { RowIconButton } from '../../../../../platform/crud/RowIconButton';

type Row = Industry & { children?: Row[] };
const rowsOf = (nodes: IndustryNode[]): Row[] =>
  nodes.map(({ children, ...rest }) => (children.length ? { ...rest, children: rowsOf(children) } : rest));

/** Industries as a tree; a search or a status filter shows the matching ones as a flat list. */
export default function IndustryListPage() {
  const { t } = useTranslation();
  const canCreate = usePermissions().has('industry:create');
  const tree = useIndustryTree();
  const [filtered, setFiltered] = useState(false);
  const [childOf, setChildOf] = useState<number | null>(null);
  return (
    <>
      <ListPage<Row>
        kind="system"
        api={industryApi}
        module="industry"
        className="industry-list"
        title={t('system.industry.title')}
        searchPlaceholder={t('system.industry.search')}
        exportName="industries.xlsx"
        nameOf={(i) => i.name}
        onQueryChange={(q) => setFiltered(Boolean(q.keyword || q.status))}
        rows={filtered ? null : { items: rowsOf(tree.data ?? []), loading: tree.isFetching }}
        filters={({ query, setFilter }) => (
          <Select
            allowClear
            placeholder={t('system.common.allStatuses')}
            value={(query.status as string | undefined) ?? null}
            onChange={(v: string | null) => setFilter('status', v)}
            options={(['Active', 'Inactive'] as const).map((value) => ({
              value,
              label: t(`system.common.status.${value}`),
            }))}
            style={{ width: 140 }}
          />
        )}
        rowActions={(item) =>
          canCreate ? (
            <RowIconButton
              label={t('system.industry.addChild')}
              icon={<PlusSquareOutlined />}
              onClick={() => setChildOf(item.id)}
            />
          ) : null
        }
        columns={[
          { key: 'code', dataIndex: 'code', title: t('system.industry.fields.code'), sorter: filtered },
          { key: 'name', dataIndex: 'name', title: t('system.industry.fields.name') },
          {
            key: 'description',
            dataIndex: 'description',
            title: t('system.common.description'),
            ellipsis: true,
            width: 280,
          },
          { key: 'sort', dataIndex: 'sort', title: t('system.common.sort'), width: 90 },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('system.industry.fields.status'),
            width: 110,
            render: (s: string) => (
              <Badge status={s === 'Active' ? 'success' : 'default'} text={t(`system.common.status.${s}`)} />
            ),
          },
        ]}
        editor={({ id, onClose }) => (
          <IndustryEditor id={id} parentId={null} tree={tree.data ?? []} onClose={onClose} />
        )}
      />
      {childOf !== null && (
        <IndustryEditor id={null} parentId={childOf} tree={tree.data ?? []} onClose={() => setChildOf(null)} />
      )}
    </>
  );
}
