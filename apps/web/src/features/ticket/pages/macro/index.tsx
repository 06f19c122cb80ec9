import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Macro } from '@casedesk/shared';
import { ListPage } from '../../../../platform/crud/ListPage';
import { formatDateTime } from '../../../../platform/format';
import { useSeededName } from '../../../../platform/labels/labels';
import { macroApi } from '../../../../platform/macro/macro-api';
import { MacroEditor } from '../../components/MacroEditor';

/** Macros: the caller's own and the shared ones they may use; a row is changed only where the server says so. */
export default function MacroListPage() {
  const { t } = useTranslation();
  const seededName = useSeededName();
  return (
    <ListPage<Macro>
      kind="macro"
      api={macroApi}
      module="macro"
      // Every agent keeps their own macros; the server's canManage says which rows they may change.
      writeAccess="macro:view"
      rowAllows={(m) => m.canManage}
      title={t('macro.title')}
      searchPlaceholder={t('macro.search')}
      exportName="macros.xlsx"
      nameOf={(m) => seededName('macro', m.seedCode, m.name)}
      columns={[
        {
          key: 'name',
          dataIndex: 'name',
          title: t('macro.fields.name'),
          sorter: true,
          render: (_, m) => seededName('macro', m.seedCode, m.name),
        },
        {
          key: 'steps',
          title: t('macro.fields.actions'),
          render: (_, m) => m.actions.map((a, i) => <Tag key={i}>{t(`macro.kinds.${Object.keys(a)[0]}`)}</Tag>),
        },
        {
          key: 'shared',
          dataIndex: 'shared',
          title: t('macro.fields.shared'),
          sorter: true,
          width: 140,
          render: (shared: boolean) =>
            shared ? <Tag color="blue">{t('macro.sharedTag')}</Tag> : <Tag>{t('macro.privateTag')}</Tag>,
        },
        { key: 'ownerName', dataIndex: 'ownerName', title: t('macro.fields.owner'), width: 160 },
        {
          key: 'modifiedAt',
          dataIndex: 'modifiedAt',
          title: t('macro.fields.modifiedAt'),
          sorter: true,
          width: 180,
          render: (v: string) => formatDateTime(v),
        },
      ]}
      editor={({ id, onClose }) => <MacroEditor id={id} onClose={onClose} />}
    />
  );
}
