import { Select } from 'antd';
import { DatePicker } from '../../../../platform/forms/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { invoiceStatuses, type Invoice } from '@casedesk/shared';
import { ListPage } from '../../../../platform/crud/ListPage';
import { useKindCustomFields } from '../../../../platform/custom-fields/api';
import { customValueColumns } from '../../../../platform/custom-fields/custom-field-values';
import { resourceKeys } from '../../../../platform/crud/resource-api';
import { RemoteSelect } from '../../../../platform/pickers/RemoteSelect';
import { searchProjects } from '../../../../platform/pickers/lookups';
import { invoiceApi, searchVendors } from '../../api';
import { InvoiceEditor } from '../../components/InvoiceEditor';
import { InvoiceStatusTag } from '../../components/InvoiceStatusTag';
import { formatDate, formatMoney } from '../../../../platform/format';

const asNumber = (value: unknown) => (typeof value === 'number' ? value : null);

/** Invoices (spec: Invoice List): amounts right-aligned with two decimals and currency, status, filters, export. */
export default function InvoiceListPage() {
  const { t } = useTranslation();
  const f = (key: string) => t(`invoice.fields.${key}`);
  const customFields = useKindCustomFields('Invoice');

  return (
    <ListPage<Invoice>
      kind="invoice"
      api={invoiceApi}
      module="invoice"
      title={t('invoice.title')}
      searchPlaceholder={t('invoice.search')}
      exportName="invoices.xlsx"
      nameOf={(i) => i.invoiceNumber ?? t('invoice.list.unnumbered', { id: i.id })}
      rowAllows={(i, action) => (i.actions ?? []).includes(action)}
      actionsWidth={100}
      tableProps={{ scroll: { x: 1400 } }}
      filters={({ query, setFilter }) => (
        <>
          <Select<string[]>
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            className="invoice-status-filter"
            placeholder={t('invoice.status.all')}
            value={(query.status as string[] | undefined) ?? []}
            onChange={(value) => setFilter('status', value.length ? value : undefined)}
            options={invoiceStatuses.map((value) => ({ value, label: t(`invoice.status.${value}`) }))}
            style={{ width: 200 }}
          />
          <div style={{ width: 200 }} className="invoice-vendor-filter">
            <RemoteSelect
              queryKey={resourceKeys('Vendor').of('options', 'filter')}
              search={searchVendors}
              allowClear
              placeholder={t('invoice.list.vendorFilter')}
              value={asNumber(query.vendorId)}
              onChange={(value) => setFilter('vendorId', value ?? undefined)}
            />
          </div>
          <div style={{ width: 180 }} className="invoice-project-filter">
            <RemoteSelect
              queryKey={resourceKeys('Project').of('options')}
              search={searchProjects}
              allowClear
              placeholder={t('invoice.list.projectFilter')}
              value={asNumber(query.projectId)}
              onChange={(value) => setFilter('projectId', value ?? undefined)}
            />
          </div>
          <DatePicker.RangePicker
            className="invoice-date-filter"
            placeholder={[t('invoice.list.from'), t('invoice.list.to')]}
            // No range is null, not [null, null]: a fresh empty pair on every render made the picker report a
            // change, which re-rendered the list without end and held every navigation away from it.
            value={
              query.invoiceDateFrom || query.invoiceDateTo
                ? [
                    query.invoiceDateFrom ? dayjs(query.invoiceDateFrom as string) : null,
                    query.invoiceDateTo ? dayjs(query.invoiceDateTo as string) : null,
                  ]
                : null
            }
            allowEmpty={[true, true]}
            onChange={(range: [Dayjs | null, Dayjs | null] | null) => {
              setFilter('invoiceDateFrom', range?.[0]?.format('YYYY-MM-DD'));
              setFilter('invoiceDateTo', range?.[1]?.format('YYYY-MM-DD'));
            }}
          />
        </>
      )}
      columns={[
        {
          title: f('invoiceNumber'),
          dataIndex: 'invoiceNumber',
          sorter: true,
          render: (_value, i) => (
            <Link to={`/invoice/info/${i.id}`} className="invoice-link">
              {i.invoiceNumber ?? t('invoice.list.unnumbered', { id: i.id })}
            </Link>
          ),
        },
        {
          title: f('vendor'),
          dataIndex: 'vendorName',
          ellipsis: true,
          width: 220,
          render: (v: string | null) => v ?? '—',
        },
        {
          title: f('invoiceDate'),
          dataIndex: 'invoiceDate',
          sorter: true,
          width: 140,
          render: (v: string | null) => formatDate(v),
        },
        {
          title: f('dueDate'),
          dataIndex: 'dueDate',
          sorter: true,
          width: 140,
          render: (v: string | null) => formatDate(v),
        },
        {
          title: f('total'),
          dataIndex: 'totalAmount',
          sorter: true,
          align: 'right',
          width: 160,
          render: (_value, i) => (
            <span className="invoice-total-cell" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(i.totalAmount, i.currency)}
            </span>
          ),
        },
        {
          title: f('status'),
          dataIndex: 'status',
          sorter: true,
          width: 130,
          render: (_value, i) => <InvoiceStatusTag status={i.status} />,
        },
        {
          title: f('project'),
          dataIndex: 'projectName',
          ellipsis: true,
          width: 150,
          render: (v: string | null) => v ?? '—',
        },
        { title: f('poNumber'), dataIndex: 'poNumber', width: 140, render: (v: string | null) => v ?? '—' },
        {
          title: f('createdBy'),
          dataIndex: 'createdByName',
          ellipsis: true,
          width: 130,
          render: (v: string | null) => v ?? '—',
        },
        ...customValueColumns<Invoice>(customFields.data ?? [], {
          yes: t('values.boolean.true'),
          no: t('values.boolean.false'),
          userName: () => undefined,
        }),
      ]}
      editor={({ id, onClose }) => <InvoiceEditor id={id} onClose={onClose} />}
    />
  );
}
