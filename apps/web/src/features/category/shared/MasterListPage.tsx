import type { ReactNode } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage, type ListPageProps } from '../../../platform/crud/ListPage';
import { masterDataText } from './failure';
import { useStatusOptions } from './StatusTag';

type Props<Item extends { id: number }> = Pick<
  ListPageProps<Item>,
  'api' | 'title' | 'searchPlaceholder' | 'columns' | 'nameOf' | 'exportName'
> & {
  module: 'category' | 'project' | 'company';
  /** The status filter's field in the query schema. */
  statusField: string;
  /** The create/edit drawer; `id` null creates. */
  editor: (props: { id: number | null; open: boolean; onClose: () => void }) => ReactNode;
};

/** The list screen shared by categories, projects and companies: the platform list with a status filter. */
export function MasterListPage<Item extends { id: number }>({ statusField, editor, ...props }: Props<Item>) {
  const { t } = useTranslation();
  const statusOptions = useStatusOptions();
  return (
    <ListPage<Item>
      {...props}
      kind="master"
      areaText={masterDataText}
      filters={({ query, setFilter }) => (
        <Select
          allowClear
          className="master-status"
          placeholder={t('masterData.allStatuses')}
          value={(query[statusField] as string | undefined) ?? null}
          options={statusOptions}
          onChange={(status: string | null) => setFilter(statusField, status)}
          style={{ width: 150 }}
        />
      )}
      editor={({ id, onClose }) => editor({ id, open: true, onClose })}
    />
  );
}
