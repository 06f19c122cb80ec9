import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Space } from 'antd';
import type { TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { TicketListItem, TicketOutcome } from '@casedesk/shared';
import { feedback } from '../../../../platform/feedback';
import { ListTable } from '../../../../platform/crud/ListTable';
import { ApiError } from '../../../../platform/http/client';
import { exportTickets, useTicketFormOptions, useTicketList } from '../../api';
import { useConfirmDelete } from '../../../../platform/crud/failure';
import { useHiddenColumns } from '../../components/ColumnChooser';
import { clean, listPageSizes, listStateSearch, parseListState, type ListState } from '../../components/list-filter';
import { formatDateTime, formatNumber } from '../../../../platform/format';
import { translateServerMessage } from '../../../../platform/server-messages';
import { BatchAssignModal, useTicketBatchActions } from './batch-actions';
import type { BulkTargets } from './bulk-edit';
import { defaultHidden, fixedColumns, useTicketColumns } from './ticket-columns';
import { TicketFilters, userOptions } from './TicketFilters';
import { TicketToolbar } from './TicketToolbar';
import { TicketViewsPanel } from './TicketViewsPanel';
import { useRecountOnRefetch, useSavedViews } from './use-saved-views';
import { useTicketListShortcuts } from './list-shortcuts';
import { useLiveTicketRows } from '../../components/live-rows';
import { useRefreshViewCounts } from '../../components/use-ticket-live';
import { usePermissions } from '../../../../platform/permission';
import '../../components/ticket.css';

// What a toolbar button or a view's menu opens loads when first opened, not with the list (issue 35).
const bulkEdit = () => import('./bulk-edit');
const BulkEditDrawer = lazy(() => bulkEdit().then((m) => ({ default: m.BulkEditDrawer })));
const ApplyMacroModal = lazy(() => bulkEdit().then((m) => ({ default: m.ApplyMacroModal })));
const BatchOutcomesModal = lazy(() => bulkEdit().then((m) => ({ default: m.BatchOutcomesModal })));
const MergeDialog = lazy(() => import('../../components/MergeDialog').then((m) => ({ default: m.MergeDialog })));
const TicketViewEditor = lazy(() =>
  import('../../components/TicketViewEditor').then((m) => ({ default: m.TicketViewEditor })),
);

// Built by hand, not with useResourceList: its state lives in the address (read before the code loads by prefetch.ts,
// parsed and written by list-filter.ts), a new sort goes back to page 1, and its batch calls are the ticket module's own.
/** The ticket list (spec section 2): server-side paging, sorting and filters, all held in the address. */
export default function TicketListPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [state, setState] = useState<ListState>(() => parseListState(location.search));
  const [selected, setSelected] = useState<number[]>([]);
  const [exporting, setExporting] = useState(false);
  const [bulk, setBulk] = useState<'edit' | 'macro' | 'merge' | null>(null);
  const [outcomes, setOutcomes] = useState<TicketOutcome[] | null>(null);
  const [hidden, setHidden] = useHiddenColumns(defaultHidden);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const options = useTicketFormOptions();
  const batch = useTicketBatchActions({ selected, setSelected });
  const users = useMemo(() => userOptions(options.data), [options.data]);
  const columns = useTicketColumns(state.filter.orderBy, batch.confirmDelete);
  const chooseable = columns.filter((c) => !fixedColumns.includes(c.key));
  const views = useSavedViews({
    state,
    setState: (next) => {
      setState(next);
      setSelected([]);
    },
    chooseable: chooseable.map((c) => c.key),
    hidden,
    setHidden,
  });
  const request = { ...state.filter, page: state.page, pageSize: state.pageSize };
  const list = useTicketList(request, !views.waiting);
  useRecountOnRefetch(JSON.stringify(request), list.dataUpdatedAt);
  const live = useLiveTicketRows(request, list.data);
  useRefreshViewCounts();
  const confirmDelete = useConfirmDelete();
  const { has } = usePermissions();

  // The address follows the list without a navigation (a navigation would open another tab of the tags view).
  const search = listStateSearch(state);
  useEffect(() => {
    const url = `${window.location.pathname}${search}`;
    if (`${window.location.pathname}${window.location.search}` !== url)
      window.history.replaceState(window.history.state, '', url);
  }, [search]);

  // A changed filter is no longer the saved view it came from.
  const apply = (next: Partial<ListState>) => {
    setState((current) => ({ ...current, page: 1, savedView: undefined, ...next }));
    setSelected([]);
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
      savedView: sortChanged ? undefined : current.savedView,
    }));
  };

  const runExport = async () => {
    setExporting(true);
    try {
      await exportTickets(state.filter);
    } catch (error) {
      const message = error instanceof ApiError ? translateServerMessage(error) : String(error);
      feedback.error(t('ticket.list.exportFailed', { message }));
    } finally {
      setExporting(false);
    }
  };

  const data = list.data;
  const rows = data?.items ?? [];
  const keys = useTicketListShortcuts({
    rowIds: rows.map((row) => row.id),
    selected,
    setSelected,
    onAssign: batch.openAssign,
    onMacro: () => setBulk('macro'),
    canAssign: has('ticket:edit'),
    canMacro: has('ticket:edit') && has('macro:view'),
  });
  const total = data?.total ?? 0;
  // A broad search comes newest first (the server does not rank that many matches): say so next to the total.
  const totalText = data
    ? t(data.totalExact ? 'ticket.list.total' : 'ticket.list.totalAbout', { total: formatNumber(total) }) +
      (data.searchOrder === 'newest' ? ` · ${t('ticket.list.newestFirst')}` : '')
    : '';

  // "All matching" sends the filter as shown, without its sort (the server resolves it under the caller's visibility).
  const { orderBy: _orderBy, ...matching } = state.filter;
  const targets: BulkTargets = { selected, query: matching, total, totalExact: data?.totalExact ?? true };
  const bulkDone = (result: TicketOutcome[]) => {
    setBulk(null);
    setSelected([]);
    setOutcomes(result);
  };

  return (
    <div className="ticket-page ticket-list-layout">
      <TicketViewsPanel
        open={views.open}
        views={views.views}
        counts={views.counts}
        mayKeepViews={views.mayKeepViews}
        onOpenBuiltin={views.openBuiltin}
        onOpenSaved={(view) => views.openSaved(view)}
        onSaveAs={() => setEditing({ id: null })}
        onEdit={(view) => setEditing({ id: view.id })}
        onDelete={(view) => confirmDelete(view.name, () => views.remove(view))}
      />
      <Space orientation="vertical" size={12} className="ticket-page ticket-list-page">
        {views.missing && (
          <Alert type="warning" showIcon closable title={t('ticket.views.notFound')} onClose={views.dismissMissing} />
        )}
        <TicketFilters filter={state.filter} options={options.data} onApply={(filter) => apply({ filter })} />

        <Card size="small" className="ticket-print-area">
          <div className="ticket-print-heading">{t('ticket.list.printTitle', { date: formatDateTime(dayjs()) })}</div>
          <TicketToolbar
            selectedCount={selected.length}
            onClearSelection={() => setSelected([])}
            onBatchStatus={batch.changeStatus}
            onBatchAssign={batch.openAssign}
            onBulkEdit={() => setBulk('edit')}
            onApplyMacro={() => setBulk('macro')}
            onMerge={() => setBulk('merge')}
            onBatchDelete={() => batch.confirmDelete(rows.filter((r) => selected.includes(r.id)))}
            exporting={exporting}
            onExport={() => void runExport()}
            columns={chooseable.map((c) => ({ key: c.key, title: c.title }))}
            hidden={hidden}
            onHiddenChange={setHidden}
            onReload={() => void list.refetch()}
          />
          {live.newCount > 0 && (
            <Alert
              className="ticket-new-rows"
              type="info"
              showIcon
              title={t('ticket.list.newTickets', { count: live.newCount, n: formatNumber(live.newCount) })}
              action={
                <Button size="small" type="primary" onClick={live.showNew}>
                  {t('ticket.list.showNew')}
                </Button>
              }
            />
          )}
          <ListTable<TicketListItem>
            rowKey="id"
            size="middle"
            className="ticket-table"
            columns={columns.filter((c) => !hidden.includes(c.key))}
            dataSource={rows}
            rowClassName={(row) => (row.id === keys.cursorId ? 'ticket-row-cursor' : '')}
            loading={list.isFetching || views.waiting}
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

        <Suspense fallback={null}>
          {bulk === 'edit' && <BulkEditDrawer targets={targets} onClose={() => setBulk(null)} onDone={bulkDone} />}
          {bulk === 'macro' && <ApplyMacroModal targets={targets} onClose={() => setBulk(null)} onDone={bulkDone} />}
          {bulk === 'merge' && (
            <MergeDialog
              title={t('ticket.merge.title')}
              sources={rows.filter((r) => selected.includes(r.id))}
              candidates={rows.filter((r) => selected.includes(r.id))}
              onClose={() => setBulk(null)}
              onMerged={() => {
                setBulk(null);
                setSelected([]);
              }}
            />
          )}
          {outcomes && <BatchOutcomesModal outcomes={outcomes} onClose={() => setOutcomes(null)} />}
        </Suspense>
        <BatchAssignModal
          open={batch.assignOpen}
          selected={selected}
          users={users}
          onClose={() => batch.setAssignOpen(false)}
          onDone={() => {
            batch.setAssignOpen(false);
            setSelected([]);
          }}
        />
        <Suspense fallback={null}>
          {editing && (
            <TicketViewEditor
              id={editing.id}
              current={views.current}
              onClose={() => setEditing(null)}
              onSaved={views.saved}
            />
          )}
        </Suspense>
      </Space>
    </div>
  );
}
