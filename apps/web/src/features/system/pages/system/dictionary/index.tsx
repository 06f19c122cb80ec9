import { useTranslation } from 'react-i18next';
import type { Dictionary } from '@casedesk/shared';
import { dictionaryApi } from '../../../api';
import { DictionaryEditor } from '../../../components/DictionaryEditor';
import { EnabledFilter, EnabledTag } from '../../../components/EnabledTag';
import { ListPage } from '../../../../../platform/crud/ListPage';
import { useSeededName } from '../../../../../platform/labels/labels';

export default function DictionaryListPage() {
  const { t } = useTranslation();
  const seeded = useSeededName();
  return (
    <ListPage<Dictionary>
      kind="system"
      api={dictionaryApi}
      module="dictionary"
      className="dictionary-list"
      title={t('system.dictionary.title')}
      searchPlaceholder={t('system.dictionary.search')}
      exportName="dictionaries.xlsx"
      nameOf={(d) => d.code}
      filters={({ query, setFilter }) => (
        <EnabledFilter value={query.enable} onChange={(v) => setFilter('enable', v)} />
      )}
      columns={[
        { key: 'code', dataIndex: 'code', title: t('system.dictionary.fields.code'), sorter: true },
        {
          key: 'name',
          dataIndex: 'name',
          title: t('system.dictionary.fields.name'),
          sorter: true,
          render: (name: string, d) => seeded('dictionary', d.code, name),
        },
        {
          key: 'category',
          dataIndex: 'category',
          title: t('system.dictionary.fields.category'),
          render: (category: string | null, d) => (category ? seeded('dictionaryCategory', d.code, category) : '—'),
        },
        {
          key: 'description',
          dataIndex: 'description',
          title: t('system.common.description'),
          ellipsis: true,
          width: 260,
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
      editor={({ id, onClose }) => <DictionaryEditor id={id} onClose={onClose} />}
    />
  );
}
