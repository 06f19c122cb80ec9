import { useTranslation } from 'react-i18next';
import type { Category } from '@casedesk/shared';
import { categoryApi } from '../../api';
import { CategoryEditor } from '../../components/CategoryEditor';
import { Typography } from 'antd';
import { ListPage } from '../../../../platform/crud/ListPage';
import { StatusTag } from '../../../../platform/crud/StatusTag';

export default function CategoryListPage() {
  const { t } = useTranslation();
  return (
    <ListPage<Category>
      kind="master"
      api={categoryApi}
      module="category"
      title={t('category.title')}
      searchPlaceholder={t('category.search')}
      statusField="categoryStatus"
      exportName="categories.xlsx"
      nameOf={(c) => c.categoryCode}
      columns={[
        { key: 'categoryCode', dataIndex: 'categoryCode', title: t('category.fields.code'), sorter: true, width: 180 },
        {
          key: 'categoryDescription',
          dataIndex: 'categoryDescription',
          title: t('category.fields.description'),
          ellipsis: true,
        },
        {
          key: 'newTicketAssignee',
          dataIndex: 'newTicketAssigneeName',
          title: t('category.fields.assignee'),
          render: (name: string | null) =>
            name ?? <Typography.Text type="secondary">{t('category.noAssignee')}</Typography.Text>,
        },
        {
          key: 'categoryStatus',
          dataIndex: 'categoryStatus',
          title: t('category.fields.status'),
          width: 120,
          render: (s: string) => <StatusTag active={s === 'Active'} />,
        },
      ]}
      editor={({ id, onClose }) => <CategoryEditor id={id} onClose={onClose} />}
    />
  );
}
