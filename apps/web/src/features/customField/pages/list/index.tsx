import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustomField } from '@casedesk/shared';
import { customFieldApi } from '../../api';
import { CustomFieldEditor } from '../../components/CustomFieldEditor';
import { labelLanguage } from '../../../../platform/custom-field-language';
import { ListPage } from '../../../../platform/crud/ListPage';
import { StatusTag } from '../../../../platform/crud/StatusTag';

/** Custom fields of tickets, invoices and requisitions (contract 21): an administrator's list, edited in a drawer. */
export default function CustomFieldListPage() {
  const { t, i18n } = useTranslation();
  const language = labelLanguage(i18n.language);
  return (
    <ListPage<CustomField>
      kind="master"
      api={customFieldApi}
      module="customField"
      title={t('customField.title')}
      searchPlaceholder={t('customField.search')}
      statusField="status"
      exportName="custom-fields.xlsx"
      nameOf={(f) => f.label[language]}
      columns={[
        { key: 'sort', dataIndex: 'sort', title: t('customField.fields.sort'), sorter: true, width: 100 },
        { key: 'label', title: t('customField.fields.label'), render: (_, f) => f.label[language] },
        { key: 'key', dataIndex: 'key', title: t('customField.fields.key'), sorter: true, width: 160 },
        {
          key: 'appliesTo',
          dataIndex: 'appliesTo',
          title: t('customField.fields.appliesTo'),
          width: 120,
          render: (kind: string) => t(`customField.kinds.${kind}`),
        },
        {
          key: 'type',
          dataIndex: 'type',
          title: t('customField.fields.type'),
          width: 150,
          render: (type: string) => t(`customField.types.${type}`),
        },
        {
          key: 'categories',
          title: t('customField.fields.categories'),
          render: (_, f) =>
            f.categoryIds.length === 0
              ? t('customField.allCategories')
              : (f.categories ?? []).map((c) => <Tag key={c.id}>{c.name}</Tag>),
        },
        {
          key: 'required',
          dataIndex: 'required',
          title: t('customField.fields.required'),
          width: 100,
          render: (required: boolean) => (required ? t('values.boolean.true') : t('values.boolean.false')),
        },
        {
          key: 'status',
          dataIndex: 'status',
          title: t('customField.fields.status'),
          width: 110,
          render: (s: string) => <StatusTag active={s === 'Active'} />,
        },
      ]}
      editor={({ id, onClose }) => <CustomFieldEditor id={id} onClose={onClose} />}
    />
  );
}
