import { useEffect, useMemo, useState } from 'react';
import {
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  EyeOutlined,
  FileExcelOutlined,
  LockOutlined,
  PlusOutlined,
  PrinterOutlined,
  ReloadOutlined,
  SearchOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Dropdown,
  Form,
  Input,
  Modal,
  Row,
  Segmented,
  Select,
  Space,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  isOpenDateRangeValid,
  ticketPriorities,
  ticketStatuses,
  type TicketListItem,
  type TicketPriority,
  type TicketStatus,
} from '@casedesk/shared';
import { RowIconButton } from '../../../../platform/crud/RowIconButton';
import { feedback } from '../../../../platform/feedback';
import { ApiError } from '../../../../platform/http/client';
import { usePermissions } from '../../../../platform/permission';
import {
  exportTickets,
  useBatchAssign,
  useBatchStatus,
  useDeleteTickets,
  useTicketFormOptions,
  useTicketList,
  type TicketFilter,
} from '../../api';
import { ColumnChooser, useHiddenColumns } from '../../components/ColumnChooser';
import { clean, listPageSizes, listStateSearch, parseListState, type ListState } from '../../components/list-filter';
import { PriorityTag, StatusTag } from '../../components/TicketTags';
import { formatDateTime } from '../../components/dates';
import { translateTicketMessage } from '../../components/ticket-messages';
import '../../components/ticket.css';

type FilterValues = {
  keyword?: string;
  status?: TicketStatus[];
  priority?: TicketPriority[];
  categoryId?: number;
  projectId?: number;
  companyId?: number;
  assignTo?: number;
  openDateFrom?: Dayjs | null;
  openDateTo?: Dayjs | null;
};

const toValues = (filter: TicketFilter): FilterValues => ({
  keyword: filter.keyword,
  status: filter.status,
  priority: filter.priority,
  categoryId: filter.categoryId,
  projectId: filter.projectId,
  companyId: filter.companyId,
  assignTo: filter.assignTo,
  openDateFrom: filter.openDateFrom ? dayjs(filter.openDateFrom) : null,
  openDateTo: filter.openDateTo ? dayjs(filter.openDateTo) : null,
});

type ListColumn = ColumnType<TicketListItem> & { key: string; title: string };

const quickViews = ['all', 'mine', 'unassigned', 'overdue'] as const;
const defaultHidden = ['ticketFrom', 'customer', 'closeDate', 'companyName'];

/** The ticket list (spec section 2): server-side paging, sorting and filters, all held in the address. */
export default function TicketListPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const permissions = usePermissions();
  const [state, setState] = useState<ListState>(() => parseListState(location.search));
  const [form] = Form.useForm<FilterValues>();
  const [selected, setSelected] = useState<number[]>([]);
  const [assignOpen, setAssignOpen] = useState(false);
  const [assignee, setAssignee] = useState<number | undefined>();
  const [exporting, setExporting] = useState(false);
  const [hidden, setHidden] = useHiddenColumns(defaultHidden);
  const options = useTicketFormOptions();
  const list = useTicketList({ ...state.filter, page: state.page, pageSize: state.pageSize });
  const batchStatus = useBatchStatus();
  const batchAssign = useBatchAssign();
  const remove = useDeleteTickets();

  // The address follows the list without a navigation (a navigation would open another tab of the tags view).
  const search = listStateSearch(state);
  useEffect(() => {
    const url = `${window.location.pathname}${search}`;
    if (`${window.location.pathname}${window.location.search}` !== url)
      window.history.replaceState(window.history.state, '', url);
  }, [search]);

  const apply = (next: Partial<ListState>) => {
    setState((current) => ({ ...current, page: 1, ...next }));
    setSelected([]);
  };

  const onSearch = (values: FilterValues) => {
    const from = values.openDateFrom?.format('YYYY-MM-DD');
    const to = values.openDateTo?.format('YYYY-MM-DD');
    if (!isOpenDateRangeValid(from, to)) {
      const text = t('ticket.messages.endBeforeStart');
      form.setFields([{ name: 'openDateTo', errors: [text] }]);
      feedback.error(text);
      return;
    }
    apply({
      filter: clean({
        ...state.filter,
        keyword: values.keyword?.trim() || undefined,
        status: values.status,
        priority: values.priority,
        categoryId: values.categoryId,
        projectId: values.projectId,
        companyId: values.companyId,
        assignTo: values.assignTo,
        openDateFrom: from,
        openDateTo: to,
      }),
    });
  };

  const onReset = () => {
    form.setFieldsValue(toValues({}));
    form.setFields([{ name: 'openDateTo', errors: [] }]);
    apply({ filter: {} });
  };

  const onTableChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<TicketListItem> | SorterResult<TicketListItem>[],
  ) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.order ? String(one.columnKey ?? one.field) : undefined;
    const orderBy = field ? [{ field, desc: one?.order === 'descend' }] : undefined;
    const sortChanged = JSON.stringify(orderBy) !== JSON.stringify(state.filter.orderBy);
    setState((current) => ({
      filter: clean({ ...current.filter, orderBy }),
      page: sortChanged ? 1 : (pagination.current ?? 1),
      pageSize: pagination.pageSize ?? current.pageSize,
    }));
  };

  const users = useMemo(
    () => (options.data?.users ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.loginName})` })),
    [options.data],
  );
  const projectId = Form.useWatch('projectId', form);
  const categoryOptions = (options.data?.categories ?? [])
    .filter((c) => !projectId || c.projectIds.includes(projectId))
    .map((c) => ({ value: c.id, label: c.name }));

  const order = state.filter.orderBy?.[0];
  const sortOrder = (key: string) => (order?.field === key ? (order.desc ? 'descend' : 'ascend') : null);
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: sortOrder(key) }) as const;

  const confirmDelete = (rows: TicketListItem[]) =>
    modal.confirm({
      title: t('ticket.list.deleteTitle'),
      content:
        rows.length === 1
          ? t('ticket.list.deleteOne', { caseNumber: rows[0]!.caseNumber })
          : t('ticket.list.deleteMany', { count: rows.length }),
      okButtonProps: { danger: true },
      okText: t('ticket.list.delete'),
      cancelText: t('common.cancel'),
      onOk: () =>
        remove.mutateAsync(rows.map((r) => r.id)).then(() => {
          feedback.success(t('ticket.list.deleted'));
          setSelected((keys) => keys.filter((k) => !rows.some((r) => r.id === k)));
        }),
    });

  const columns: ListColumn[] = [
    {
      title: t('ticket.fields.caseNumber'),
      dataIndex: 'caseNumber',
      width: 170,
      fixed: 'left',
      ...sortable('caseNumber'),
      render: (value: string, row) => (
        <Space size={4}>
          <Link to={`/ticket/info/${row.id}`} className="ticket-case-number">
            {value}
          </Link>
          {row.privateTicket && (
            <Tooltip title={t('ticket.list.private')}>
              <LockOutlined className="ticket-private-icon" />
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('ticket.fields.subject'),
      dataIndex: 'subject',
      ellipsis: true,
      width: 260,
      ...sortable('subject'),
    },
    {
      title: t('ticket.fields.status'),
      dataIndex: 'status',
      width: 120,
      ...sortable('status'),
      render: (value: TicketStatus) => <StatusTag status={value} />,
    },
    {
      title: t('ticket.fields.priority'),
      dataIndex: 'priority',
      width: 110,
      ...sortable('priority'),
      render: (value: TicketPriority) => <PriorityTag priority={value} />,
    },
    {
      key: 'categoryName',
      title: t('ticket.fields.categoryId'),
      dataIndex: 'categoryName',
      width: 150,
      ellipsis: true,
    },
    { key: 'projectName', title: t('ticket.fields.projectId'), dataIndex: 'projectName', width: 150, ellipsis: true },
    { key: 'companyName', title: t('ticket.fields.companyId'), dataIndex: 'companyName', width: 150, ellipsis: true },
    {
      key: 'assignToName',
      title: t('ticket.fields.assignTo'),
      dataIndex: 'assignToName',
      width: 140,
      ellipsis: true,
      render: (value: string | null, row) =>
        value ? (
          <span>
            {value}
            {row.delegateToName ? ` → ${row.delegateToName}` : ''}
          </span>
        ) : (
          <Typography.Text type="secondary">{t('ticket.list.unassigned')}</Typography.Text>
        ),
    },
    { key: 'customer', title: t('ticket.fields.customer'), dataIndex: 'customer', width: 140, ellipsis: true },
    {
      key: 'ticketFrom',
      title: t('ticket.fields.ticketFrom'),
      dataIndex: 'ticketFrom',
      width: 100,
      render: (value: string) => t(`ticket.from.${value}`),
    },
    {
      title: t('ticket.fields.openDate'),
      dataIndex: 'openDate',
      width: 160,
      ...sortable('openDate'),
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('ticket.fields.dueDate'),
      dataIndex: 'dueDate',
      width: 160,
      ...sortable('dueDate'),
      render: (value: string | null, row) => (
        <span className={value && dayjs(value).isBefore(dayjs()) && !row.closeDate ? 'ticket-overdue' : undefined}>
          {formatDateTime(value)}
        </span>
      ),
    },
    {
      title: t('ticket.fields.closeDate'),
      dataIndex: 'closeDate',
      width: 160,
      ...sortable('closeDate'),
      render: (value: string | null) => formatDateTime(value),
    },
    {
      key: 'actions',
      title: t('ticket.list.actions'),
      width: 120,
      fixed: 'right',
      className: 'ticket-no-print',
      render: (_: unknown, row) => (
        <Space size={0}>
          <RowIconButton
            type="link"
            label={t('ticket.list.view')}
            icon={<EyeOutlined />}
            onClick={() => void navigate(`/ticket/info/${row.id}`)}
          />
          {permissions.has('ticket:edit') && row.status !== 'Cancelled' && (
            <RowIconButton
              type="link"
              label={t('ticket.list.edit')}
              icon={<EditOutlined />}
              onClick={() => void navigate(`/ticket/edit/${row.id}?caseNumber=${encodeURIComponent(row.caseNumber)}`)}
            />
          )}
          {permissions.has('ticket:delete') && (
            <RowIconButton
              type="link"
              danger
              label={t('ticket.list.delete')}
              icon={<DeleteOutlined />}
              onClick={() => confirmDelete([row])}
            />
          )}
        </Space>
      ),
    },
  ];

  const fixedColumns = ['caseNumber', 'subject', 'actions'];
  const choosable = columns.filter((c) => !fixedColumns.includes(c.key));
  const shownColumns = columns.filter((c) => !hidden.includes(c.key));

  const data = list.data;
  const rows = data?.items ?? [];
  const selectedRows = rows.filter((r) => selected.includes(r.id));
  const total = data?.total ?? 0;
  const totalText = data
    ? data.totalExact
      ? t('ticket.list.total', { total: total.toLocaleString() })
      : t('ticket.list.totalAbout', { total: total.toLocaleString() })
    : '';

  const runBatchStatus = (status: TicketStatus) =>
    modal.confirm({
      title: t('ticket.list.statusTitle', { count: selected.length }),
      content: <StatusTag status={status} />,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () =>
        batchStatus.mutateAsync({ ids: selected, status }).then((result) => {
          feedback.success(t('ticket.list.updated', { count: result.updated }));
          setSelected([]);
        }),
    });

  const runExport = async () => {
    setExporting(true);
    try {
      await exportTickets(state.filter);
    } catch (error) {
      const message = error instanceof ApiError ? translateTicketMessage(error.message) : String(error);
      feedback.error(t('ticket.list.exportFailed', { message }));
    } finally {
      setExporting(false);
    }
  };

  const view = state.filter.view ?? 'all';

  return (
    <Space orientation="vertical" size={12} className="ticket-page ticket-list-page">
      <Card size="small" className="ticket-no-print ticket-filter-card">
        <Form<FilterValues>
          form={form}
          name="ticketFilter"
          layout="vertical"
          initialValues={toValues(state.filter)}
          onFinish={onSearch}
          className="ticket-filter-form"
        >
          <Row gutter={[12, 0]}>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="keyword">
                <Input
                  allowClear
                  prefix={<SearchOutlined />}
                  placeholder={t('ticket.list.keyword')}
                  aria-label={t('ticket.list.keyword')}
                  maxLength={200}
                  onPressEnter={() => form.submit()}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="status">
                <Select
                  mode="multiple"
                  allowClear
                  maxTagCount="responsive"
                  placeholder={t('ticket.fields.status')}
                  aria-label={t('ticket.fields.status')}
                  options={ticketStatuses.map((s) => ({ value: s, label: t(`ticket.status.${s}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="priority">
                <Select
                  mode="multiple"
                  allowClear
                  maxTagCount="responsive"
                  placeholder={t('ticket.fields.priority')}
                  aria-label={t('ticket.fields.priority')}
                  options={ticketPriorities.map((p) => ({ value: p, label: t(`ticket.priority.${p}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="projectId">
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('ticket.fields.projectId')}
                  aria-label={t('ticket.fields.projectId')}
                  options={(options.data?.projects ?? []).map((p) => ({ value: p.id, label: p.name }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="categoryId">
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('ticket.fields.categoryId')}
                  aria-label={t('ticket.fields.categoryId')}
                  options={categoryOptions}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="companyId">
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('ticket.fields.companyId')}
                  aria-label={t('ticket.fields.companyId')}
                  options={(options.data?.companies ?? []).map((c) => ({ value: c.id, label: c.name }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="assignTo">
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('ticket.fields.assignTo')}
                  aria-label={t('ticket.fields.assignTo')}
                  options={users}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="openDateFrom">
                <DatePicker
                  style={{ width: '100%' }}
                  placeholder={t('ticket.list.openDateFrom')}
                  aria-label={t('ticket.list.openDateFrom')}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="openDateTo">
                <DatePicker
                  style={{ width: '100%' }}
                  placeholder={t('ticket.list.openDateTo')}
                  aria-label={t('ticket.list.openDateTo')}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={4}>
              <Space>
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />} className="ticket-search-button">
                  {t('ticket.list.search')}
                </Button>
                <Button onClick={onReset}>{t('ticket.list.reset')}</Button>
              </Space>
            </Col>
          </Row>
        </Form>
      </Card>

      <Card size="small" className="ticket-print-area">
        <div className="ticket-print-heading">{t('ticket.list.printTitle', { date: formatDateTime(dayjs()) })}</div>
        <div className="ticket-toolbar ticket-no-print">
          <Space wrap>
            <Segmented
              value={view}
              onChange={(value) =>
                apply({ filter: clean({ ...state.filter, view: value === 'all' ? undefined : value }) })
              }
              options={quickViews.map((v) => ({ value: v, label: t(`ticket.list.views.${v}`) }))}
            />
            {permissions.has('ticket:create') && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/ticket/create')}>
                {t('ticket.list.create')}
              </Button>
            )}
            {permissions.has('ticket:edit') && (
              <Dropdown
                trigger={['click']}
                disabled={selected.length === 0}
                menu={{
                  items: ticketStatuses.map((s) => ({ key: s, label: t(`ticket.status.${s}`) })),
                  onClick: ({ key }) => runBatchStatus(key as TicketStatus),
                }}
              >
                <Button disabled={selected.length === 0}>
                  {t('ticket.list.batchStatus')} <DownOutlined />
                </Button>
              </Dropdown>
            )}
            {permissions.has('ticket:edit') && (
              <Button
                icon={<UserSwitchOutlined />}
                disabled={selected.length === 0}
                onClick={() => {
                  setAssignee(undefined);
                  setAssignOpen(true);
                }}
              >
                {t('ticket.list.batchAssign')}
              </Button>
            )}
            {permissions.has('ticket:batchDelete') && (
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={selected.length === 0}
                onClick={() => confirmDelete(selectedRows)}
              >
                {t('ticket.list.batchDelete')}
              </Button>
            )}
            {selected.length > 0 && (
              <Typography.Text type="secondary">
                {t('ticket.list.selected', { count: selected.length })}{' '}
                <a onClick={() => setSelected([])}>{t('ticket.list.clearSelection')}</a>
              </Typography.Text>
            )}
          </Space>
          <Space wrap>
            {permissions.has('ticket:export') && (
              <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void runExport()}>
                {t('ticket.list.export')}
              </Button>
            )}
            {permissions.has('ticket:print') && (
              <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
                {t('ticket.list.print')}
              </Button>
            )}
            <ColumnChooser
              columns={choosable.map((c) => ({ key: c.key, title: c.title }))}
              hidden={hidden}
              onChange={setHidden}
            />
            <Tooltip title={t('ticket.list.reload')}>
              <Button
                icon={<ReloadOutlined />}
                aria-label={t('ticket.list.reload')}
                onClick={() => void list.refetch()}
              />
            </Tooltip>
          </Space>
        </div>
        <Table<TicketListItem>
          rowKey="id"
          size="middle"
          className="ticket-table"
          columns={shownColumns}
          dataSource={rows}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('ticket.list.empty') }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(Number)),
            preserveSelectedRowKeys: false,
          }}
          onChange={onTableChange}
          pagination={{
            current: state.page,
            pageSize: state.pageSize,
            total,
            showSizeChanger: true,
            pageSizeOptions: listPageSizes,
            showTotal: () => totalText,
          }}
        />
      </Card>

      <Modal
        open={assignOpen}
        title={t('ticket.list.assignTitle', { count: selected.length })}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: !assignee, loading: batchAssign.isPending }}
        onCancel={() => setAssignOpen(false)}
        onOk={() => {
          if (!assignee) return;
          batchAssign.mutate(
            { ids: selected, assignTo: assignee },
            {
              onSuccess: (result) => {
                feedback.success(t('ticket.list.updated', { count: result.updated }));
                setAssignOpen(false);
                setSelected([]);
              },
            },
          );
        }}
      >
        <Form layout="vertical">
          <Form.Item label={t('ticket.list.assignTo')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              value={assignee}
              onChange={setAssignee}
              options={users}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
