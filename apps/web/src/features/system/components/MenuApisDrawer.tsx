import { useEffect, useMemo, useState } from 'react';
import { App, Button, Drawer, Input, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WebApi } from '@casedesk/shared';
import { usePermissions } from '../../../platform/permission';
import { useAllWebApis, useMenuApis, useSaveMenuApis } from '../api';
import { MethodTag } from './MethodTag';

type Props = { menuId: number; title: string; onClose: () => void };

/** The web APIs a menu's screen calls: tick them in the registry, searchable by URL, and save the set. */
export function MenuApisDrawer({ menuId, title, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canSave = usePermissions().has('menu:edit');
  const bound = useMenuApis(menuId);
  const all = useAllWebApis(true);
  const save = useSaveMenuApis();
  const [selected, setSelected] = useState<number[]>([]);
  const [search, setSearch] = useState('');
  const [onlyBound, setOnlyBound] = useState(false);

  useEffect(() => {
    if (bound.data) setSelected(bound.data.apis.map((a) => a.id));
  }, [bound.data]);

  const rows = useMemo(() => {
    const wanted = search.trim().toLowerCase();
    return (all.data?.items ?? []).filter(
      (api) =>
        (!wanted || api.url.toLowerCase().includes(wanted) || api.name.toLowerCase().includes(wanted)) &&
        (!onlyBound || selected.includes(api.id)),
    );
  }, [all.data, search, onlyBound, selected]);

  const submit = () =>
    save.mutate(
      { menuId, webApiIds: selected },
      { onSuccess: () => void message.success(t('system.common.saved')).then(onClose) },
    );

  return (
    <Drawer
      open
      destroyOnHidden
      size={820}
      className="menu-apis-drawer"
      title={t('system.menu.apisTitle', { title })}
      onClose={onClose}
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {canSave && (
            <Button type="primary" loading={save.isPending} disabled={!bound.data} onClick={submit}>
              {t('common.save')}
            </Button>
          )}
        </Space>
      }
    >
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          className="menu-apis-search"
          placeholder={t('system.menu.apisSearch')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ width: 320 }}
        />
        <Button type={onlyBound ? 'primary' : 'default'} onClick={() => setOnlyBound((v) => !v)}>
          {t('system.menu.onlyBound')}
        </Button>
        <Typography.Text type="secondary">{t('system.menu.boundCount', { count: selected.length })}</Typography.Text>
      </Space>
      <Table<WebApi>
        rowKey="id"
        size="small"
        loading={all.isLoading || bound.isLoading}
        dataSource={rows}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          getCheckboxProps: () => ({ disabled: !canSave }),
          onChange: (keys) => setSelected(keys.map(Number)),
        }}
        columns={[
          {
            key: 'method',
            dataIndex: 'method',
            title: t('system.webApi.fields.method'),
            width: 90,
            render: (m: string) => <MethodTag method={m} />,
          },
          { key: 'url', dataIndex: 'url', title: t('system.webApi.fields.url') },
          {
            key: 'code',
            dataIndex: 'code',
            title: t('system.webApi.fields.code'),
            render: (code: string) => <Tag>{code}</Tag>,
          },
        ]}
      />
    </Drawer>
  );
}
