import { useMemo, useState } from 'react';
import { PlusSquareOutlined } from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Region, RegionNode } from '@casedesk/shared';
import { usePermissions } from '../../../../../platform/permission';
import { fetchRegionChildren, regionApi, regionChildrenKey, useRegionRoots } from '../../../api';
import { RegionEditor, useLevelName } from '../../../components/RegionEditor';
import { ListPage } from '../../../../../platform/crud/ListPage';
import { RowIconButton } from '../../../../../platform/crud/RowIconButton';

type Row = Region & { hasChildren?: boolean; children?: Row[] };

/** Regions as a tree loaded level by level (there can be thousands); a search shows a flat list. */
export default function RegionListPage() {
  const { t } = useTranslation();
  const levelName = useLevelName();
  const canCreate = usePermissions().has('region:create');
  const roots = useRegionRoots();
  const [expanded, setExpanded] = useState<Row[]>([]);
  const [filtered, setFiltered] = useState(false);
  const [childOf, setChildOf] = useState<Region | null>(null);
  // Each opened level is a query of its own, so a save (which invalidates ['Region']) refreshes them all.
  const levels = useQueries({
    queries: expanded.map((row) => ({
      queryKey: regionChildrenKey(row.code),
      queryFn: () => fetchRegionChildren(row.code),
    })),
  });

  const rows = useMemo(() => {
    const loaded = new Map<string, RegionNode[]>();
    expanded.forEach((row, i) => {
      const data = levels[i]?.data;
      if (data) loaded.set(row.code, data);
    });
    const build = (nodes: RegionNode[]): Row[] =>
      nodes.map((node) => {
        if (!node.hasChildren) return node;
        const children = loaded.get(node.code);
        return { ...node, children: children ? build(children) : [] };
      });
    return build(roots.data ?? []);
  }, [roots.data, expanded, levels]);

  return (
    <>
      <ListPage<Row>
        kind="system"
        api={regionApi}
        module="region"
        className="region-list"
        title={t('system.region.title')}
        searchPlaceholder={t('system.region.search')}
        exportName="regions.xlsx"
        nameOf={(r) => `${r.code} · ${r.name}`}
        onQueryChange={(q) => setFiltered(Boolean(q.keyword))}
        rows={filtered ? null : { items: rows, loading: roots.isFetching || levels.some((level) => level.isFetching) }}
        tableProps={{
          expandable: {
            expandedRowKeys: expanded.map((r) => r.id),
            onExpand: (open, row) =>
              setExpanded((list) => (open ? [...list, row] : list.filter((r) => r.id !== row.id))),
          },
        }}
        rowActions={(item) =>
          canCreate ? (
            <RowIconButton
              label={t('system.region.addChild')}
              icon={<PlusSquareOutlined />}
              onClick={() => setChildOf(item)}
            />
          ) : null
        }
        columns={[
          { key: 'code', dataIndex: 'code', title: t('system.region.fields.code'), width: 200 },
          { key: 'name', dataIndex: 'name', title: t('system.region.fields.name') },
          { key: 'pinyin', dataIndex: 'pinyin', title: t('system.region.fields.pinyin') },
          { key: 'zipCode', dataIndex: 'zipCode', title: t('system.region.fields.zipCode'), width: 110 },
          ...(filtered
            ? [{ key: 'parentCode', dataIndex: 'parentCode', title: t('system.region.fields.parent') }]
            : []),
          {
            key: 'type',
            dataIndex: 'type',
            title: t('system.region.fields.type'),
            width: 140,
            render: (level: number) => levelName(level),
          },
          { key: 'sort', dataIndex: 'sort', title: t('system.common.sort'), width: 90 },
        ]}
        editor={({ id, onClose }) => <RegionEditor id={id} parent={null} onClose={onClose} />}
      />
      {childOf && <RegionEditor id={null} parent={childOf} onClose={() => setChildOf(null)} />}
    </>
  );
}
