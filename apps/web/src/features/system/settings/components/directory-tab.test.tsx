import { act } from 'react';
import type { Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import i18n from 'i18next';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DirectorySave, DirectoryShown, DirectorySyncResult, Page } from '@casedesk/shared';
import { startWithAllTexts } from '../../../../platform/all-texts.fixture';
import { clearSession, startSession } from '../../../../platform/auth-store';
import { mountRoot, useJsdomBrowser } from '../../../../platform/jsdom-browser.fixture';
import { testUser } from '../../../../platform/user-info.fixture';
import cn from '../locales/zh-cn.json';
import { DirectoryTab } from './DirectoryTab';

vi.mock('../../../../platform/http/auth-token', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  createAuthToken: async () => 'auth-token',
}));

const words = cn.settings.directory;

const shown: DirectoryShown = {
  value: {
    enabled: true,
    url: 'ldap://127.0.0.1:3890',
    startTls: false,
    bindDn: 'cn=admin,dc=example,dc=com',
    bindPasswordSet: true,
    userBaseDn: 'ou=people,dc=example,dc=com',
    userFilter: '(objectClass=inetOrgPerson)',
    attributes: {
      loginName: 'uid',
      email: 'mail',
      fullName: 'cn',
      mobile: 'mobile',
      department: 'departmentNumber',
      manager: 'manager',
    },
    roleMappings: [{ groupDn: 'cn=agents,ou=groups,dc=example,dc=com', roleCode: 'agent' }],
    defaultRoleCode: 'common',
    syncCron: '',
  },
  rowVersion: 3,
  modifiedAt: '2026-11-30T08:00:00.000Z',
  lastSync: null,
};

// A dry run as the server answers it: kinds and field keys, which the screen must word.
const preview: DirectorySyncResult = {
  dryRun: true,
  created: 1,
  updated: 1,
  disabled: 1,
  departments: 1,
  changes: [
    {
      kind: 'create',
      name: 'wchen',
      fields: [
        { field: 'email', from: null, to: 'wchen@example.com' },
        { field: 'mobile', from: null, to: null },
      ],
    },
    { kind: 'update', name: 'ada', fields: [{ field: 'mobile', from: '100', to: '200' }] },
    { kind: 'disable', name: 'gone', fields: [{ field: 'status', from: 'Active', to: 'Inactive' }] },
    { kind: 'department', name: 'Support', fields: [{ field: 'name', from: null, to: 'Support' }] },
    { kind: 'leader', name: 'Support', fields: [{ field: 'leaderId', from: null, to: 'ada' }] },
  ],
  errors: [{ dn: 'uid=nomail,ou=people,dc=example,dc=com', message: '缺少登录名。' }],
};

const roles: Page<{ id: number; code: string; name: string }> = {
  items: [
    { id: 1, code: 'agent', name: 'Agent' },
    { id: 2, code: 'common', name: 'Common' },
  ],
  total: 2,
};

let saves: DirectorySave[];
let syncs: unknown[];
let root: Root;
let host: HTMLDivElement;

beforeAll(async () => {
  useJsdomBrowser();
  await startWithAllTexts('zh-cn');
});

beforeEach(() => {
  saves = [];
  syncs = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    let data: unknown = null;
    if (path === '/api/Directory/Get') data = shown;
    if (path === '/api/Role/Query') data = roles;
    if (path === '/api/Directory/Save') {
      saves.push(body as DirectorySave);
      data = { ...shown, rowVersion: shown.rowVersion + saves.length };
    }
    if (path === '/api/Directory/Sync') {
      syncs.push(body);
      data = preview;
    }
    return new Response(JSON.stringify({ resultCode: data ? 200 : 404, resultMsg: 'OK', data }), {
      status: data ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  startSession(
    { token: 't', exp: 0, refreshToken: 'r' },
    { ...testUser, language: 'zh-cn', authBtnList: ['settings:view', 'settings:save', 'role:view'] },
  );
  ({ root, host } = mountRoot());
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

afterAll(() => void i18n.changeLanguage('en'));

async function showTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <App>
          <DirectoryTab />
        </App>
      </QueryClientProvider>,
    ),
  );
  // Vitest's default (1 s) is a wall-clock wait that a busy machine can outlast.
  await vi.waitFor(() => expect(input('url')?.value).toBe(shown.value.url), { timeout: 20_000 });
}

const input = (id: string) => host.querySelector<HTMLInputElement>(`input#${id}`);
const click = (selector: string) =>
  act(async () => {
    host.querySelector<HTMLElement>(selector)!.click();
  });

function type(id: string, text: string) {
  const box = input(id)!;
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    box.focus();
    setValue.call(box, text);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('Settings → Directory', () => {
  it('keeps the stored bind password unless one is typed, and saves with the rowVersion read', async () => {
    await showTab();
    expect(input('bindPassword')!.value).toBe('');
    expect(input('bindPassword')!.placeholder).toBe(words.bindPasswordKeep);
    expect(host.textContent).toContain(words.bindPasswordSet);

    await click('[data-testid="directory-save"]');
    await vi.waitFor(() => expect(saves).toHaveLength(1), { timeout: 20_000 });
    expect(saves[0]!.rowVersion).toBe(3);
    expect(saves[0]!.value).not.toHaveProperty('bindPassword');
    expect(saves[0]!.value).not.toHaveProperty('bindPasswordSet');
    expect(saves[0]!.value.roleMappings).toEqual(shown.value.roleMappings);
    // Not on a schedule: the editor's offer is not saved.
    expect(saves[0]!.value.syncCron).toBe('');

    type('bindPassword', 'new secret');
    await click('[data-testid="directory-save"]');
    await vi.waitFor(() => expect(saves).toHaveLength(2), { timeout: 20_000 });
    expect(saves[1]!.value.bindPassword).toBe('new secret');
    // The answer is the new state: the next save sends its rowVersion.
    expect(saves[1]!.rowVersion).toBe(4);
  });

  it('previews the changes in words: kinds, field labels and values in Chinese, never keys', async () => {
    await showTab();
    await click('[data-testid="directory-preview"]');
    await vi.waitFor(() => expect(host.querySelectorAll('.directory-changes tbody tr.ant-table-row')).toHaveLength(5), {
      timeout: 20_000,
    });
    expect(syncs).toEqual([{ dryRun: true }]);
    const table = host.querySelector('.directory-changes')!.textContent!;
    for (const kind of ['create', 'update', 'disable', 'department', 'leader'] as const)
      expect(table).toContain(words.kind[kind]);
    expect(table).toContain(`${words.changeField.email}: ${words.emptyValue} → wchen@example.com`);
    expect(table).toContain(`${words.changeField.mobile}: 100 → 200`);
    // A field empty on both sides is not a change.
    expect(table).not.toContain(`${words.changeField.mobile}: ${words.emptyValue} → ${words.emptyValue}`);
    expect(table).toContain(`${words.changeField.status}: 启用 → 停用`);
    expect(table).toContain(`${words.changeField.leaderId}: ${words.emptyValue} → ada`);
    expect(table).toContain(`${words.changeField.name}: ${words.emptyValue} → Support`);
    expect(table).not.toMatch(
      /\b(create|update|disable|department|leader|leaderId|name|email|mobile|status|Active|Inactive)\b/,
    );

    const result = host.querySelector('.directory-sync-result')!.textContent!;
    expect(result).toContain(words.previewDone);
    expect(result).toContain(words.counts.disabled);
    const skipped = host.querySelector('.directory-skipped')!.textContent!;
    expect(skipped).toContain('uid=nomail,ou=people,dc=example,dc=com');
    expect(skipped).toContain('缺少登录名。');
  });
});
