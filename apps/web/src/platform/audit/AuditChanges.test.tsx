import { createElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { auditHiddenValue, type AuditLog } from '@casedesk/shared';
import { useScreenTest } from '../screen-test.fixture';
import { auditLogApi } from './audit-api';
import { AuditChanges } from './AuditChanges';
import { HistoryTab } from './HistoryTab';

const mount = useScreenTest('zh-cn');

const lines = (host: HTMLElement) =>
  [...host.querySelectorAll('.audit-change')].map((line) => line.textContent?.replace(/\s+/g, ' '));

describe('an audit entry’s changes, in the reader’s language', () => {
  it('names each field by its label and shows its values by their words: from → to', () => {
    const host = mount(
      createElement(AuditChanges, {
        valueKinds: { status: 'ticketStatus', priority: 'ticketPriority' },
        changes: [
          { field: 'status', from: 'New', to: 'Resolved' },
          { field: 'enabled', from: true, to: false },
          { field: 'email', from: null, to: 'b@example.com' },
          { field: 'leaderId', from: 3, to: 5 },
        ],
        userNames: { 3: '陈伟', 5: '林小红' },
      }),
    );
    expect(lines(host)).toEqual([
      '状态: 新建 → 已解决',
      '启用: 是 → 否',
      '邮箱: （空） → b@example.com',
      '负责人: 陈伟 → 林小红',
    ]);
    // The old value is struck through, the new one plain.
    expect(host.querySelector('[data-field="status"] .audit-from del')?.textContent).toBe('新建');
    expect(host.querySelector('[data-field="status"] .audit-to del')).toBeNull();
  });

  it('shows a secret as changed with its value hidden, never the marker or a value', () => {
    const host = mount(
      createElement(AuditChanges, {
        changes: [
          { field: 'password', from: auditHiddenValue, to: auditHiddenValue },
          { field: 'name', from: 'Support', to: 'Helpdesk' },
        ],
        userNames: {},
      }),
    );
    expect(lines(host)).toEqual(['密码: 已修改，值已隐藏', '名称: Support → Helpdesk']);
    expect(host.querySelector('[data-field="password"] .audit-hidden')).not.toBeNull();
    expect(host.textContent).not.toContain(auditHiddenValue);
  });

  it('says so when an update recorded no field', () => {
    const host = mount(createElement(AuditChanges, { changes: [], userNames: {} }));
    expect(host.textContent).toBe('未记录字段变更。');
  });
});

describe('a record’s History', () => {
  it('lists its entries newest first: when, who, what, and the changes of an update', () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const entry = (id: number, action: AuditLog['action'], changes: AuditLog['changes']): AuditLog => ({
      id,
      at: '2026-11-30T08:00:00.000Z',
      userId: 1,
      userName: id === 2 ? '管理员' : null,
      entity: 'Role',
      entityId: 7,
      action,
      changes,
      userNames: {},
    });
    client.setQueryData(auditLogApi.keys.list('Query', { page: 1, pageSize: 10, entity: 'Role', entityId: 7 }), {
      items: [entry(2, 'update', [{ field: 'dataScope', from: 'all', to: 'own' }]), entry(1, 'create', [])],
      total: 2,
    });
    const host = mount(
      createElement(
        QueryClientProvider,
        { client },
        createElement(HistoryTab, { entity: 'Role', entityId: 7, valueKinds: { dataScope: 'dataScope' } }),
      ),
    );
    const entries = [...host.querySelectorAll('.history-entry')];
    expect(entries).toHaveLength(2);
    expect(entries[0]!.textContent).toContain('管理员');
    expect(entries[0]!.textContent).toContain('修改');
    expect(lines(entries[0] as HTMLElement)).toHaveLength(1);
    expect(lines(entries[0] as HTMLElement)[0]).toMatch(/^数据范围: .+ → .+$/);
    expect(lines(entries[0] as HTMLElement)[0]).not.toMatch(/all|own/);
    // A creation has no field lines; a write without a user is the system's.
    expect(entries[1]!.textContent).toContain('系统');
    expect(entries[1]!.textContent).toContain('新建');
    expect(entries[1]!.querySelector('.audit-change')).toBeNull();
  });
});
