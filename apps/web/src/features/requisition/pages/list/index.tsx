import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requisitionStatuses, type RequisitionStatus } from '@casedesk/shared';
import { ListPage } from '../../../../platform/crud/ListPage';
import { useKindCustomFields } from '../../../../platform/custom-fields/api';
import { customValueColumns } from '../../../../platform/custom-fields/custom-field-values';
import { requisitionApi, type RequisitionRow } from '../../api';
import { RequisitionEditor } from '../../components/RequisitionEditor';
import { RequisitionStatusTag } from '../../components/RequisitionStatusTag';
import { formatMoney } from '../../../../platform/format';

const orDash = (v: string | null | undefined) => v || '—';

/** Requisitions: requests to buy, approved through the workflow; an approved one is an invoice's PO. */
export default function RequisitionListPage() {
  const { t } = useTranslation();
  const f = (key: string) => t(`requisition.fields.${key}`);
  const customFields = useKindCustomFields('Requisition');
  return (
    <ListPage<RequisitionRow>
      kind="requisition"
      api={requisitionApi}
      module="requisition"
      title={t('requisition.title')}
      searchPlaceholder={t('requisition.search')}
      exportName="requisitions.xlsx"
      nameOf={(r) => `${r.requisitionNumber} · ${r.title}`}
      filters={({ query, setFilter }) => (
        <Select
          allowClear
          placeholder={f('status')}
          value={(query.status as RequisitionStatus | undefined) ?? undefined}
          onChange={(value) => setFilter('status', value)}
          options={requisitionStatuses.map((s) => ({ value: s, label: t(`requisition.status.${s}`) }))}
          style={{ width: 160 }}
          className="requisition-status-filter"
        />
      )}
      rowAllows={(r, action) => (r.actions ?? []).includes(action)}
      columns={[
        {
          key: 'requisitionNumber',
          dataIndex: 'requisitionNumber',
          title: f('requisitionNumber'),
          sorter: true,
          width: 160,
          render: (n: string, r) => <Link to={`/requisition/info/${r.id}`}>{n}</Link>,
        },
        { key: 'title', dataIndex: 'title', title: f('title'), sorter: true, width: 240 },
        { key: 'requesterName', dataIndex: 'requesterName', title: f('requester'), render: orDash },
        { key: 'projectName', dataIndex: 'projectName', title: f('project'), render: orDash },
        { key: 'vendorName', dataIndex: 'vendorName', title: f('vendor'), render: orDash },
        {
          key: 'totalAmount',
          dataIndex: 'totalAmount',
          title: f('totalAmount'),
          sorter: true,
          align: 'right',
          width: 150,
          render: (amount: string, r) => formatMoney(amount, r.currency),
        },
        {
          key: 'status',
          dataIndex: 'status',
          title: f('status'),
          width: 130,
          render: (s: RequisitionStatus) => <RequisitionStatusTag status={s} />,
        },
        ...customValueColumns<RequisitionRow>(customFields.data ?? [], {
          yes: t('values.boolean.true'),
          no: t('values.boolean.false'),
          userName: () => undefined,
        }),
      ]}
      editor={({ id, onClose }) => <RequisitionEditor id={id} onClose={onClose} />}
    />
  );
}
