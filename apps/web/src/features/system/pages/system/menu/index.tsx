import { useMemo, useState } from 'react';
import {
  ApiOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  NodeCollapseOutlined,
  NodeExpandOutlined,
  PlusOutlined,
  PlusSquareOutlined,
} from '@ant-design/icons';
import { App, Button, Card, Flex, Input, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Menu, MenuNode } from '@casedesk/shared';
import { MenuIcon } from '../../../../../platform/menu-icons';
import { ApiError } from '../../../../../platform/http/client';
import { usePermissions } from '../../../../../platform/permission';
import { menuApi, useMenuTree } from '../../../api';
import { EnabledTag } from '../../../components/EnabledTag';
import { MenuApisDrawer } from '../../../components/MenuApisDrawer';
import { MenuEditor } from '../../../components/MenuEditor';
import { useMenuTitle } from '../../../components/menu-title';
import { useConfirmDelete, useServerText } from '../../../../../platform/crud/failure';
import { RowIconButton } from '../../../../../platform/crud/RowIconButton';

type Row = Omit<MenuNode, 'children'> & { children?: Row[] };

/** The tree for the table: leaves without `children` (no expander), filtered by a keyword with their ancestors kept. */
function rowsOf(nodes: MenuNode[], keep: (node: MenuNode) => boolean): Row[] {
  return nodes.flatMap((node) => {
    const children = rowsOf(node.children, keep);
    if (children.length === 0 && !keep(node)) return [];
    const { children: _all, ...rest } = node;
    return [children.length ? { ...rest, children } : rest];
  });
}

const groupIds = (rows: Row[]): number[] => rows.flatMap((r) => (r.children ? [r.id, ...groupIds(r.children)] : []));

export default function MenuListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { has } = usePermissions();
  const titleOf = useMenuTitle();
  const tree = useMenuTree();
  const remove = menuApi.useRemove();
  const confirmDelete = useConfirmDelete();
  const serverText = useServerText();
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ id: number | null; parentId: number | null } | null>(null);
  const [apisOf, setApisOf] = useState<Menu | null>(null);
  const [exporting, setExporting] = useState(false);

  const wanted = keyword.trim().toLowerCase();
  const rows = useMemo(
    () =>
      rowsOf(
        tree.data ?? [],
        (n) =>
          !wanted ||
          [titleOf(n), n.title, n.path, n.name, n.component].some((text) => text.toLowerCase().includes(wanted)),
      ),
    // titleOf follows the language, which `t` changes with.
    [tree.data, wanted, t],
  );
  const allGroups = useMemo(() => groupIds(rows), [rows]);

  const canCreate = has('menu:create');
  const canEdit = has('menu:edit');
  const canDelete = has('menu:delete');
  const canSeeApis = has('menu:view');

  const runExport = async () => {
    setExporting(true);
    try {
      await menuApi.exportXlsx({ page: 1, pageSize: 20 }, 'menus.xlsx');
    } catch (error) {
      if (error instanceof ApiError) void message.error(serverText(error));
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<Row> = [
    {
      key: 'title',
      title: t('system.menu.fields.title'),
      width: 240,
      render: (_, m) => (
        <Space>
          {m.icon ? <MenuIcon name={m.icon} /> : null}
          <span className="menu-title">{titleOf(m)}</span>
          {m.isHide && <Tag>{t('system.menu.fields.isHide')}</Tag>}
        </Space>
      ),
    },
    { key: 'path', dataIndex: 'path', title: t('system.menu.fields.path') },
    { key: 'name', dataIndex: 'name', title: t('system.menu.fields.name') },
    {
      key: 'component',
      dataIndex: 'component',
      title: t('system.menu.fields.component'),
      ellipsis: true,
      width: 170,
    },
    {
      key: 'menuType',
      dataIndex: 'menuType',
      title: t('system.menu.fields.type'),
      width: 90,
      render: (type: Menu['menuType']) => (
        <Tag color={type === 'menu' ? 'blue' : type === 'link' ? 'purple' : 'cyan'}>
          {t(`system.menu.types.${type}`)}
        </Tag>
      ),
    },
    { key: 'sort', dataIndex: 'sort', title: t('system.common.sort'), width: 70 },
    {
      key: 'enabled',
      dataIndex: 'enabled',
      title: t('system.common.state'),
      width: 100,
      render: (on: boolean) => <EnabledTag enabled={on} />,
    },
    {
      key: 'actions',
      title: t('system.common.actions'),
      fixed: 'right',
      width: 150,
      render: (_, m) => (
        <Space size={2}>
          {canCreate && (
            <RowIconButton
              label={t('system.menu.addChild')}
              icon={<PlusSquareOutlined />}
              className="row-add-child"
              onClick={() => setEditing({ id: null, parentId: m.id })}
            />
          )}
          {canEdit && (
            <RowIconButton
              label={t('system.common.edit')}
              icon={<EditOutlined />}
              className="row-edit"
              onClick={() => setEditing({ id: m.id, parentId: m.parentId })}
            />
          )}
          {canSeeApis && (
            <RowIconButton
              label={t('system.menu.apis')}
              icon={<ApiOutlined />}
              className="row-apis"
              onClick={() => setApisOf(m)}
            />
          )}
          {canDelete && (
            <RowIconButton
              label={t('system.common.delete')}
              icon={<DeleteOutlined />}
              className="row-delete"
              danger
              onClick={() => confirmDelete(titleOf(m), () => remove.mutateAsync(m.id))}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card className="system-list menu-list" variant="borderless">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('system.menu.title')}
        </Typography.Title>
        <Space wrap>
          <Input.Search
            allowClear
            className="system-search"
            placeholder={t('system.menu.search')}
            onSearch={(value) => {
              setKeyword(value);
              if (value.trim()) setExpanded(groupIds(rowsOf(tree.data ?? [], () => true)));
            }}
            style={{ width: 240 }}
          />
          <Button
            icon={expanded.length ? <NodeCollapseOutlined /> : <NodeExpandOutlined />}
            onClick={() => setExpanded(expanded.length ? [] : allGroups)}
          >
            {expanded.length ? t('system.menu.collapseAll') : t('system.menu.expandAll')}
          </Button>
          {has('menu:export') && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void runExport()}>
              {t('system.common.export')}
            </Button>
          )}
          {canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null, parentId: null })}>
              {t('system.common.add')}
            </Button>
          )}
        </Space>
      </Flex>
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={tree.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowKeys: expanded,
          onExpandedRowsChange: (keys) => setExpanded(keys.map(Number)),
        }}
        locale={{ emptyText: wanted ? t('system.common.noMatch') : t('system.common.empty') }}
      />
      {editing && (
        <MenuEditor
          id={editing.id}
          parentId={editing.parentId}
          tree={tree.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      {apisOf && <MenuApisDrawer menuId={apisOf.id} title={titleOf(apisOf)} onClose={() => setApisOf(null)} />}
    </Card>
  );
}
