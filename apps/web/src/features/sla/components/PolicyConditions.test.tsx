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
import slaTw from '../locales/zh-tw.json';
import { PolicyConditions } from './PolicyConditions';

vi.mock('../../../platform/http/auth-token', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  createAuthToken: async () => 'auth-token',
}));

const level: CustomFieldDefinition = {
  id: 3,
  key: 'level',
  type: 'select',
  label: { en: 'Level', 'zh-cn': '客户级别', 'zh-tw': '客戶級別' },
  options: [{ value: 'gold', label: { en: 'Gold', 'zh-cn': '金牌', 'zh-tw': '金牌客戶' } }],
  required: false,
  validation: {},
  categoryIds: [],
  status: 'Active',
};

let root: Root | undefined;
let host: HTMLDivElement;

beforeAll(async () => {
  useJsdomBrowser();
  await i18n.use(initReactI18next).init({ lng: 'zh-tw', lowerCaseLng: true, interpolation: { escapeValue: false } });
  i18n.addResourceBundle('zh-tw', 'translation', slaTw, true, true);
  await i18n.changeLanguage('zh-tw');
});

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url, 'http://localhost').pathname;
    const data = path === '/api/CustomField/Definitions/Ticket' ? [level] : null;
    return new Response(JSON.stringify({ resultCode: data ? 200 : 404, resultMsg: 'OK', data }), {
      status: data ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  startSession({ token: 't', exp: 0, refreshToken: 'r' }, { ...testUser, language: 'zh-tw' });
  ({ root, host } = mountRoot());
});

afterEach(() => {
  act(() => root?.unmount());
  host.remove();
  clearSession();
  vi.unstubAllGlobals();
});

describe('the policy condition editor offers ticket custom fields', () => {
  it('names a custom select by its label, with its options by label', async () => {
    const conditions: Condition[] = [{ field: 'custom.level', op: 'eq', value: 'gold' }];
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () =>
      root!.render(
        <QueryClientProvider client={client}>
          <PolicyConditions value={conditions} known={[]} />
        </QueryClientProvider>,
      ),
    );
    await vi.waitFor(() => expect(host.textContent).toContain('客戶級別'), { timeout: 15_000 });
    const text = host.textContent!;
    expect(text).toContain(slaTw.sla.policy.op.eq);
    expect(text).toContain('金牌客戶');
    expect(text).not.toMatch(/custom\.|gold/);
  });
});
