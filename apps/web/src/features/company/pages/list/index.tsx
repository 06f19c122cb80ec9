import { useTranslation } from 'react-i18next';
import type { Company } from '@casedesk/shared';
import { ListPage } from '../../../../platform/crud/ListPage';
import { useDictionaryItems } from '../../../../platform/labels/dictionary-labels';
import { StatusTag } from '../../../../platform/crud/StatusTag';
import { companyApi } from '../../api';
import { CompanyEditor } from '../../components/CompanyEditor';

const orDash = (v: string | null) => v || '—';

export default function CompanyListPage() {
  const { t } = useTranslation();
  const f = (key: string) => t(`company.fields.${key}`);
  const businessUnits = useDictionaryItems('businessUnit');
  return (
    <ListPage<Company>
      kind="master"
      api={companyApi}
      module="company"
      title={t('company.title')}
      searchPlaceholder={t('company.search')}
      statusField="status"
      exportName="companies.xlsx"
      nameOf={(c) => `${c.code} · ${c.name}`}
      columns={[
        { key: 'code', dataIndex: 'code', title: f('code'), sorter: true, width: 150 },
        { key: 'name', dataIndex: 'name', title: f('name'), sorter: true, width: 220 },
        { key: 'shortName', dataIndex: 'shortName', title: f('shortName'), render: orDash },
        { key: 'linkMan', dataIndex: 'linkMan', title: f('linkMan'), render: orDash },
        { key: 'phone', dataIndex: 'phone', title: f('phone'), render: orDash },
        { key: 'email', dataIndex: 'email', title: f('email'), render: orDash },
        { key: 'businessUnit', dataIndex: 'businessUnit', title: f('businessUnit'), render: businessUnits.label },
        { key: 'sort', dataIndex: 'sort', title: f('sort'), sorter: true, width: 90 },
        {
          key: 'status',
          dataIndex: 'status',
          title: f('status'),
          width: 110,
          render: (s: string) => <StatusTag active={s === 'Active'} />,
        },
      ]}
      editor={({ id, onClose }) => <CompanyEditor id={id} onClose={onClose} />}
    />
  );
}
