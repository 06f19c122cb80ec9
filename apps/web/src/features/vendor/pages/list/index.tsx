import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../../platform/crud/ListPage';
import { StatusTag } from '../../../../platform/crud/StatusTag';
import { usePaymentMethods, usePaymentTerms, vendorApi, type VendorRow } from '../../api';
import { VendorEditor } from '../../components/VendorEditor';

const orDash = (v: string | null | undefined) => v || '—';

/** Vendors (spec section 3): who sends the invoices, with where to pay them. */
export default function VendorListPage() {
  const { t } = useTranslation();
  const methods = usePaymentMethods();
  const terms = usePaymentTerms();
  const f = (key: string) => t(`vendor.fields.${key}`);
  return (
    <ListPage<VendorRow>
      kind="vendor"
      api={vendorApi}
      module="vendor"
      title={t('vendor.title')}
      searchPlaceholder={t('vendor.search')}
      statusField="status"
      exportName="vendors.xlsx"
      nameOf={(v) => `${v.vendorCode} · ${v.vendorName}`}
      filters={({ query, setFilter }) => (
        <Select
          allowClear
          placeholder={f('paymentMethod')}
          options={methods.options}
          value={(query.paymentMethod as string | undefined) ?? undefined}
          onChange={(value) => setFilter('paymentMethod', value)}
          style={{ width: 170 }}
        />
      )}
      columns={[
        { key: 'vendorCode', dataIndex: 'vendorCode', title: f('vendorCode'), sorter: true, width: 130 },
        { key: 'vendorName', dataIndex: 'vendorName', title: f('vendorName'), sorter: true, width: 240 },
        { key: 'companyName', dataIndex: 'companyName', title: f('company'), render: orDash },
        { key: 'emailAddress', dataIndex: 'emailAddress', title: f('emailAddress'), render: orDash },
        { key: 'paymentMethod', dataIndex: 'paymentMethod', title: f('paymentMethod'), render: methods.label },
        { key: 'paymentTerm', dataIndex: 'paymentTerm', title: f('paymentTerm'), render: terms.label },
        {
          key: 'status',
          dataIndex: 'status',
          title: f('status'),
          width: 110,
          render: (s: string) => <StatusTag active={s === 'Active'} />,
        },
      ]}
      editor={({ id, onClose }) => <VendorEditor id={id} onClose={onClose} />}
    />
  );
}
