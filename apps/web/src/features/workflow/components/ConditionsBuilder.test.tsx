import { act } from 'react';
import type { Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Condition, CustomFieldDefinition } from '@casedesk/shared';
import { clearSession, startSession } from '../../../platform/auth-store';
import { useJsdomBrowser, mountRoot } from '../../../platform/jsdom-browser.fixture';
import { testUser } from '../../../platform/user-info.fixture';
import workflowCn from '../locales/zh-cn.json';
import { ConditionsBuilder } from './ConditionsBuilder';

vi.mock('../../../platform/http/auth-token', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  createAuthToken: async () => 'auth-token',
}));

const label = (en: string, cn: string) => ({ en, 'zh-cn': cn, 'zh-tw': cn });
const definition = (key: string, type: CustomFieldDefinition['type'], extra: Partial<CustomFieldDefinition> = {}) =>
  ({
    id: key.length,
    key,
    type,
    label: label(key, `${key}（中）`),
    options: [],
    required: false,
    validation: {},
    categoryIds: [],
    status: 'Active',
    ...extra,
  }) as CustomFieldDefinition;
const definitions = [
  definition('budget', 'decimal', { label: label('Budget', '预算') }),
  definition('kit', 'multiselect', {
    label: label('Kit', '配件'),
    options: [{ value: 'hw', label: label('Hardware', '硬件') }],
  }),
  definition('old', 'text', { label: label('Old', '旧字段'), status: 'Inactive' }),
];

let root: Root | undefined;
let host: HTMLDivElement;

beforeAll(async () => {
  useJsdomBrowser();
  await i18n.use(initReactI18next).init({ lng: 'zh-cn', lowerCaseLng: true, interpolation: { escapeValue: false } });
  i18n.addResourceBundle('zh-cn', 'translation', workflowCn, true, true);
  await i18n.changeLanguage('zh-cn');
});

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url, 'http://localhost').pathname;
    const data = path === '/api/CustomField/Definitions/Ticket' ? definitions : null;
    return new Response(JSON.stringify({ resultCode: data ? 200 : 404, resultMsg: 'OK', data }), {
      status: data ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  startSession({ token: 't', exp: 0, refreshToken: 'r' }, { ...testUser, language: 'zh-cn' });
  ({ root, host } = mountRoot());
});

afterEach(() => {
  act(() => root?.unmount());
  host.remove();
  clearSession();
  vi.unstubAllGlobals();
});

async function show(conditions: Condition[], until: () => boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root!.render(
      <QueryClientProvider client={client}>
        <ConditionsBuilder type="Ticket" value={conditions} onChange={() => undefined} />
      </QueryClientProvider>,
    ),
  );
  await vi.waitFor(() => expect(until()).toBe(true), { timeout: 15_000 });
}

/** Opens an antd select and answers the labels of its options. */
async function optionsOf(select: Element): Promise<string[]> {
  await act(async () => {
    select
      .querySelector('.ant-select-selector, .ant-select-content')
      ?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  await vi.waitFor(() => expect(document.querySelector('.ant-select-dropdown')).not.toBeNull(), { timeout: 15_000 });
  return [...document.querySelectorAll('.ant-select-item-option-content')].map((item) => item.textContent ?? '');
}

describe('the condition editor offers custom fields', () => {
  it('names a custom field by its label and offers its type’s operators and options', async () => {
    const conditions: Condition[] = [
      { field: 'custom.kit', op: 'contains', value: 'hw' },
      { field: 'custom.old', op: 'eq', value: 'x' },
    ];
    await show(conditions, () => host.textContent!.includes('配件'));
    const text = host.textContent!;
    expect(text).toContain('配件');
    expect(text).toContain(workflowCn.workflow.op.contains);
    expect(text).toContain('硬件');
    // An archived field a stored condition names still reads by its label.
    expect(text).toContain('旧字段');
    expect(text).not.toMatch(/custom\.|\bhw\b/);
    const fields = await optionsOf(host.querySelector('.wf-condition-field')!);
    // Fixed fields in words, then the custom fields by label (the list shows its first ten).
    expect(fields).toEqual(expect.arrayContaining([workflowCn.workflow.field.Ticket.priority, '预算']));
  });

  it('a number field takes a number and the order operators', async () => {
    await show([{ field: 'custom.budget', op: 'gt', value: 2000 }], () => host.textContent!.includes('预算'));
    const input = host.querySelector<HTMLInputElement>('.wf-condition-value input')!;
    expect(input.value).toBe('2000');
    const ops = await optionsOf(host.querySelector('.wf-condition-op')!);
    expect(ops).toEqual(expect.arrayContaining([workflowCn.workflow.op.gt, workflowCn.workflow.op.le]));
    expect(ops).not.toContain(workflowCn.workflow.op.contains);
  });
});
