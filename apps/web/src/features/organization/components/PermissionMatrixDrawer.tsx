import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Drawer, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { commonActions, type PermissionMatrix, type Role } from '@casedesk/shared';
import { feedback } from '../../../platform/feedback';
import { usePermissions } from '../../../platform/permission';
import { usePermissionMatrix, useSavePermissionMatrix } from '../api';
import { useSaveFailure } from '../../../platform/crud/failure';
import { useSeededName } from '../../../platform/labels/labels';

type ModuleRow = PermissionMatrix['modules'][number];
const common = new Set<string>(commonActions);

/**
 * The privilege configuration of one role: modules (rows) x actions (columns), the first column being the
 * module's "access page" item; a row's and a column's check-all box; saved all at once with the rowVersion read.
 */
export function PermissionMatrixDrawer({ role, onClose }: { role: Role | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const { has } = usePermissions();
  const matrix = usePermissionMatrix(role !== undefined);
  const save = useSavePermissionMatrix();
  const saveFailure = useSaveFailure();
  const entry = matrix.data?.roles.find((r) => r.id === role?.id);
  const [granted, setGranted] = useState<Set<string>>(new Set());

  useEffect(() => {
    if (entry) setGranted(new Set(entry.permissions));
  }, [entry]);

  const readOnly = !entry?.editable || !has('role:edit');
  const modules = useMemo(() => matrix.data?.modules ?? [], [matrix.data]);
  // "Access page" first, then the other common actions; a module's own actions share one last column.
  const actions = useMemo(() => {
    const list = (matrix.data?.actions ?? []).filter((a) => common.has(a));
    return list.includes('page') ? ['page', ...list.filter((a) => a !== 'page')] : list;
  }, [matrix.data]);
  const extraCodes = useMemo(
    () => modules.flatMap((m) => m.actions.filter((a) => !common.has(a.action)).map((a) => a.code)),
    [modules],
  );
  const allCodes = useMemo(() => modules.flatMap((m) => m.actions.map((a) => a.code)), [modules]);

  const toggle = (codes: string[], on: boolean) =>
    setGranted((current) => {
      const next = new Set(current);
      for (const code of codes)
        if (on) next.add(code);
        else next.delete(code);
      return next;
    });

  const box = (codes: string[], label: string) => {
    const count = codes.filter((c) => granted.has(c)).length;
    return (
      <Checkbox
        aria-label={label}
        disabled={readOnly || codes.length === 0}
        checked={codes.length > 0 && count === codes.length}
        indeterminate={count > 0 && count < codes.length}
        onChange={(event) => toggle(codes, event.target.checked)}
      />
    );
  };

  const moduleName = (module: string) => t(`organization.modules.${module}`, { defaultValue: module });
  const actionName = (action: string) => t(`organization.permActions.${action}`, { defaultValue: action });

  const columns: ColumnsType<ModuleRow> = [
    {
      title: (
        <Space size={6}>
          {box(allCodes, t('organization.role.all'))}
          {t('organization.role.module')}
        </Space>
      ),
      key: 'module',
      fixed: 'left',
      width: 190,
      render: (_v, row) => (
        <Space size={6}>
          {box(
            row.actions.map((a) => a.code),
            `${moduleName(row.module)}: ${t('organization.role.all')}`,
          )}
          <span className="org-matrix-module">{moduleName(row.module)}</span>
        </Space>
      ),
    },
    ...actions.map((action) => {
      const codes = modules.flatMap((m) => m.actions.filter((a) => a.action === action).map((a) => a.code));
      return {
        title: (
          <Space size={6}>
            {box(codes, `${actionName(action)}: ${t('organization.role.all')}`)}
            {actionName(action)}
          </Space>
        ),
        key: action,
        align: 'left' as const,
        render: (_v: unknown, row: ModuleRow) => {
          const item = row.actions.find((a) => a.action === action);
          if (!item) return null;
          return (
            <Checkbox
              aria-label={`${moduleName(row.module)}: ${actionName(action)}`}
              disabled={readOnly}
              checked={granted.has(item.code)}
              onChange={(event) => toggle([item.code], event.target.checked)}
            />
          );
        },
      };
    }),
    {
      title: (
        <Space size={6}>
          {box(extraCodes, `${t('organization.role.otherActions')}: ${t('organization.role.all')}`)}
          {t('organization.role.otherActions')}
        </Space>
      ),
      key: 'extras',
      render: (_v: unknown, row: ModuleRow) => (
        <div className="org-matrix-extras">
          {row.actions
            .filter((a) => !common.has(a.action))
            .map((item) => (
              <Checkbox
                key={item.code}
                aria-label={`${moduleName(row.module)}: ${actionName(item.action)}`}
                disabled={readOnly}
                checked={granted.has(item.code)}
                onChange={(event) => toggle([item.code], event.target.checked)}
              >
                {actionName(item.action)}
              </Checkbox>
            ))}
        </div>
      ),
    },
  ];

  const submit = () => {
    if (!entry) return;
    save.mutate(
      { roles: [{ id: entry.id, rowVersion: entry.rowVersion, permissions: [...granted] }] },
      {
        onSuccess: () => {
          feedback.success(t('organization.role.saved'));
          onClose();
        },
        onError: (error) => saveFailure(error, undefined, () => void matrix.refetch()),
      },
    );
  };

  return (
    <Drawer
      open={role !== undefined}
      onClose={onClose}
      size="min(1280px, 96vw)"
      destroyOnHidden
      title={t('organization.role.matrixTitle', { name: role ? seeded('role', role.code, role.name) : '' })}
      loading={matrix.isPending}
      footer={
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography.Text type="secondary">
            {t('organization.role.granted', { count: granted.size, total: allCodes.length })}
          </Typography.Text>
          <Space>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            {!readOnly && (
              <Button type="primary" loading={save.isPending} onClick={submit}>
                {t('common.save')}
              </Button>
            )}
          </Space>
        </div>
      }
    >
      {entry && !entry.editable && (
        <Alert type="info" showIcon title={t('organization.role.adminHoldsAll')} style={{ marginBottom: 12 }} />
      )}
      <Table<ModuleRow>
        className="org-matrix"
        rowKey="module"
        size="small"
        bordered
        pagination={false}
        columns={columns}
        dataSource={modules}
        scroll={{ x: 'max-content' }}
      />
    </Drawer>
  );
}
