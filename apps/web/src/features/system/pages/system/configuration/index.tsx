import { useTranslation } from 'react-i18next';
import type { Configuration } from '@casedesk/shared';
import { configurationApi } from '../../../api';
import { ConfigurationEditor, configurationTypeDictionary } from '../../../components/ConfigurationEditor';
import { EnabledFilter, EnabledTag } from '../../../components/EnabledTag';
import { useDictionaryItems } from '../../../../../platform/labels/dictionary-labels';
import { ListPage } from '../../../../../platform/crud/ListPage';

export default function ConfigurationListPage() {
  const { t } = useTranslation();
  const types = useDictionaryItems(configurationTypeDictionary);
  const typeName = (id: number | null) =>
    id === null ? '' : (types.items.find((item) => item.id === id)?.name ?? `#${id}`);
  return (
    <ListPage<Configuration>
      kind="system"
      api={configurationApi}
      module="configuration"
      className="configuration-list"
      title={t('system.configuration.title')}
      searchPlaceholder={t('system.configuration.search')}
      exportName="configuration.xlsx"
      nameOf={(c) => c.name}
      filters={({ query, setFilter }) => (
        <EnabledFilter value={query.enable} onChange={(v) => setFilter('enable', v)} />
      )}
      columns={[
        { key: 'name', dataIndex: 'name', title: t('system.configuration.fields.name'), sorter: true },
        {
          key: 'value',
          dataIndex: 'value',
          title: t('system.configuration.fields.value'),
          ellipsis: true,
          width: 280,
        },
        {
          key: 'typeId',
          dataIndex: 'typeId',
          title: t('system.configuration.fields.type'),
          render: (id: number | null) => typeName(id),
        },
        { key: 'sort', dataIndex: 'sort', title: t('system.common.sort'), sorter: true, width: 90 },
        {
          key: 'enable',
          dataIndex: 'enable',
          title: t('system.common.state'),
          width: 110,
          render: (on: boolean) => <EnabledTag enabled={on} />,
        },
      ]}
      editor={({ id, onClose }) => <ConfigurationEditor id={id} onClose={onClose} />}
    />
  );
}
