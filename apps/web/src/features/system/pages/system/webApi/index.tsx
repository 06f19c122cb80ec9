import { App, Alert, Button, Select, Switch, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WebApi } from '@casedesk/shared';
import { usePermissions } from '../../../../../platform/permission';
import { useWebApiOnOff, webApiApi } from '../../../api';
import { EnabledFilter } from '../../../components/EnabledTag';
import { MethodTag } from '../../../components/MethodTag';
import { ListPage } from '../../../../../platform/crud/ListPage';
import { formatDateTime } from '../../../../../platform/format';

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The registry of server endpoints: read-only, except switching them on and off. */
export default function WebApiListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canSwitch = usePermissions().has('webApi:onOff');
  const onOff = useWebApiOnOff();

  const setEnabled = (ids: number[], enabled: boolean, done?: () => void) =>
    onOff.mutate(
      { ids, enabled },
      {
        onSuccess: (result) => {
          void message.success(t('system.webApi.changed', { count: result.count }));
          done?.();
        },
      },
    );

  return (
    <ListPage<WebApi>
      kind="system"
      api={webApiApi}
      module="webApi"
      className="web-api-list"
      title={t('system.webApi.title')}
      searchPlaceholder={t('system.webApi.search')}
      exportName="web-apis.xlsx"
      nameOf={(a) => `${a.method} ${a.url}`}
      selectable={canSwitch}
      tableProps={{
        title: () => <Alert type="info" showIcon title={t('system.webApi.help')} />,
      }}
      filters={({ query, setFilter }) => (
        <>
          <Select
            allowClear
            className="web-api-method"
            placeholder={t('system.webApi.allMethods')}
            value={(query.method as string | undefined) ?? null}
            onChange={(v: string | null) => setFilter('method', v)}
            options={methods.map((m) => ({ value: m, label: m }))}
            style={{ width: 130 }}
          />
          <EnabledFilter value={query.enabled} onChange={(v) => setFilter('enabled', v)} />
        </>
      )}
      toolbar={({ selected, clearSelection }) =>
        canSwitch && selected.length > 0 ? (
          <>
            <Button
              loading={onOff.isPending}
              onClick={() =>
                setEnabled(
                  selected.map((s) => s.id),
                  true,
                  clearSelection,
                )
              }
            >
              {t('system.webApi.enableSelected', { count: selected.length })}
            </Button>
            <Button
              danger
              loading={onOff.isPending}
              disabled={selected.some((s) => !s.canDisable)}
              onClick={() =>
                setEnabled(
                  selected.map((s) => s.id),
                  false,
                  clearSelection,
                )
              }
            >
              {t('system.webApi.disableSelected', { count: selected.length })}
            </Button>
          </>
        ) : null
      }
      columns={[
        {
          key: 'method',
          dataIndex: 'method',
          title: t('system.webApi.fields.method'),
          width: 90,
          sorter: true,
          render: (m: string) => <MethodTag method={m} />,
        },
        { key: 'url', dataIndex: 'url', title: t('system.webApi.fields.url'), sorter: true },
        { key: 'name', dataIndex: 'name', title: t('system.webApi.fields.name') },
        {
          key: 'code',
          dataIndex: 'code',
          title: t('system.webApi.fields.code'),
          sorter: true,
          // The two accesses that are no permission read as words; a permission is shown by its code.
          render: (code: string) => (
            <Tag>{code === 'authenticated' || code === 'public' ? t(`system.webApi.access.${code}`) : code}</Tag>
          ),
        },
        {
          key: 'lastSeenAt',
          dataIndex: 'lastSeenAt',
          title: t('system.webApi.fields.lastSeen'),
          width: 170,
          render: (at: string) => formatDateTime(at, { seconds: true }),
        },
        {
          key: 'enabled',
          dataIndex: 'enabled',
          title: t('system.common.state'),
          width: 120,
          render: (on: boolean, api) =>
            api.canDisable ? (
              <Switch
                size="small"
                className="web-api-switch"
                checked={on}
                disabled={!canSwitch}
                loading={onOff.isPending && onOff.variables?.ids.includes(api.id)}
                checkedChildren={t('system.common.enabled')}
                unCheckedChildren={t('system.common.disabled')}
                aria-label={`${api.method} ${api.url}`}
                onChange={(next) => setEnabled([api.id], next)}
              />
            ) : (
              <Tooltip title={t('system.webApi.lockedHelp')}>
                <Tag color="green">{t('system.webApi.locked')}</Tag>
              </Tooltip>
            ),
        },
      ]}
    />
  );
}
