import { act, type ReactNode } from 'react';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, Form, type FormInstance } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogItem, CustomFieldDefinition } from '@casedesk/shared';
import { startWithAllTexts } from '../../../platform/all-texts.fixture';
import { clearSession, startSession } from '../../../platform/auth-store';
import { useJsdomBrowser, mountRoot } from '../../../platform/jsdom-browser.fixture';
import { translateServerMessage } from '../../../platform/server-messages';
import { testUser } from '../../../platform/user-info.fixture';
import { byCategory, catalogProblems, formItemOf, matching, previewItem, submitBody } from './catalog-form';
import { CatalogRequestForm } from './CatalogRequestForm';
import { RequestTypePreview } from './RequestTypeEditor';
import { RequestTypeFieldList } from './RequestTypeFieldList';

// The server's public key is not what this test is about.
vi.mock('../../../platform/http/auth-token', () => ({
  createAuthToken: async () => 'auth-token',
  noteServerDate: () => undefined,
  renewPublicKey: () => true,
}));

const label = (en: string, cn: string, tw: string) => ({ en, 'zh-cn': cn, 'zh-tw': tw });
const definition = (key: string, type: CustomFieldDefinition['type'], name: ReturnType<typeof label>) =>
  ({
    id: key.length,
    key,
    type,
    label: name,
    options: [],
    required: false,
    validation: {},
    categoryIds: [],
    status: 'Active',
  }) satisfies CustomFieldDefinition;

const model = { ...definition('laptop_model', 'text', label('Laptop model', '笔记本型号', '筆電型號')) };
const budget = {
  ...definition('budget', 'number', label('Budget', '预算', '預算')),
  validation: { max: 3000 },
};
const reason = definition('reason', 'textarea', label('Reason', '原因', '原因'));

const item: CatalogItem = {
  id: 7,
  name: label('New laptop', '新笔记本电脑', '新筆記型電腦'),
  description: label('', '', ''),
  icon: 'laptop',
  categoryId: 3,
  categoryName: 'Hardware',
  projects: [{ id: 4, name: 'Service desk' }],
  // The server's order, not the list's: the form follows `order`.
  fields: [
    { ...reason, order: 2 },
    { ...model, required: true, order: 0 },
    { ...budget, order: 1 },
  ],
  approval: true,
};

type Call = { path: string; body: unknown };
let calls: Call[] = [];
let answer: (call: Call) => { status: number; body: unknown } = () => ({ status: 404, body: null });

beforeAll(async () => {
  useJsdomBrowser();
  await startWithAllTexts('zh-cn');
});
beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = {
      path: new URL(url, 'http://localhost').pathname,
      body: init.body ? JSON.parse(String(init.body)) : null,
    };
    calls.push(call);
    const result = answer(call);
    return new Response(JSON.stringify(result.body), {
      status: result.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  startSession({ token: 't', exp: 0, refreshToken: 'r' }, { ...testUser, language: 'zh-cn', authBtnList: [] });
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});
afterAll(() => vi.unstubAllGlobals());

function mount(element: ReactNode) {
  const { root } = mountRoot();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <App>{element}</App>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 30)));
const labels = () => [...document.querySelectorAll('.catalog-request-form label')].map((l) => l.textContent);
const errorsOf = (id: string) =>
  [...(document.getElementById(id)?.closest('.ant-form-item')?.querySelectorAll('.ant-form-item-explain-error') ?? [])]
    .filter((e) => !e.className.includes('-leave'))
    .map((e) => e.textContent);

function type(id: string, text: string) {
  const input = document.getElementById(id) as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!;
  act(() => {
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit() {
  await act(async () => document.querySelector<HTMLButtonElement>('.catalog-request-submit')!.click());
  await settle();
}

/** What the server would say of these values, in the reader's words. */
const serverWords = (values: Record<string, unknown>) =>
  catalogProblems(item, values, 'zh-cn').map((p) =>
    translateServerMessage({ message: p.message.text, messageKey: p.message.key, messageValues: p.message.values }),
  );

describe('the catalog request form', () => {
  it('asks for the fields in the request type order, labelled in the reader language', () => {
    mount(<CatalogRequestForm item={item} />);
    expect(labels()).toEqual(['项目', '主题', '笔记本型号', '预算', '原因', '附件']);
    expect(document.querySelector<HTMLInputElement>('#subject')!.placeholder).toBe('新笔记本电脑');
  });

  it('refuses what the server refuses, in the same words, before anything is sent', async () => {
    mount(<CatalogRequestForm item={item} />);
    type('values_budget', '5000');
    await submit();
    expect(errorsOf('values_laptop_model')).toEqual(serverWords({ budget: 5000 }).slice(1));
    expect(errorsOf('values_laptop_model')).toEqual(['笔记本型号为必填项。']);
    expect(errorsOf('values_budget')).toEqual([serverWords({ budget: 5000 })[0]]);
    expect(calls.filter((c) => c.path === '/api/Catalog/Submit')).toEqual([]);
  });

  it('sends the answers and shows a refusal of the server on the field it names', async () => {
    answer = (call) =>
      call.path === '/api/Catalog/Submit'
        ? {
            status: 400,
            body: {
              resultCode: 400,
              resultMsg: 'Laptop model: not in stock.',
              data: {
                errors: [
                  {
                    field: 'values.laptop_model',
                    message: 'Laptop model is required.',
                    messageKey: 'customField.required',
                    messageValues: { field: '笔记本型号' },
                  },
                ],
              },
            },
          }
        : { status: 404, body: null };
    mount(<CatalogRequestForm item={item} />);
    type('values_laptop_model', 'X1 Carbon');
    type('values_budget', '1200');
    await submit();
    const sent = calls.find((c) => c.path === '/api/Catalog/Submit');
    expect(sent?.body).toEqual({
      requestTypeId: 7,
      projectId: 4,
      values: { laptop_model: 'X1 Carbon', budget: 1200 },
      attachments: [],
    });
    expect(errorsOf('values_laptop_model')).toEqual(['笔记本型号为必填项。']);
  });

  it('builds its body and reads the field a refusal names', () => {
    expect(submitBody(item, { projectId: 4, subject: '  ', values: { a: '', b: null, c: 0, d: false } })).toEqual({
      requestTypeId: 7,
      projectId: 4,
      values: { c: 0, d: false },
      attachments: [],
    });
    expect(formItemOf('values.budget')).toEqual(['values', 'budget']);
    expect(formItemOf('customFields.budget')).toEqual(['values', 'budget']);
    expect(formItemOf('projectId')).toBe('projectId');
  });
});

describe('the catalog page', () => {
  const access = { ...item, id: 8, name: label('Access to a system', '系统访问权限', '系統存取權限'), categoryId: 5 };
  const printer = { ...item, id: 9, name: label('Printer problem', '打印机问题', '印表機問題'), categoryName: null };

  it('finds items by the words of their name in any language, and groups them by category in the server order', () => {
    const items = [item, access, printer];
    expect(matching(items, '  ').map((i) => i.id)).toEqual([7, 8, 9]);
    expect(matching(items, 'LAPTOP new').map((i) => i.id)).toEqual([7]);
    expect(matching(items, '系統').map((i) => i.id)).toEqual([8]);
    expect(matching(items, 'laptop printer')).toEqual([]);
    expect(byCategory(items, '其他').map((g) => [g.name, g.items.map((i) => i.id)])).toEqual([
      ['Hardware', [7, 9]],
      ['Hardware', [8]],
    ]);
    expect(byCategory([{ ...printer, categoryId: 6 }], '其他')[0]!.name).toBe('其他');
  });
});

describe('the request type editor preview', () => {
  it('makes the catalog item from the editor values: known fields, in the editor order, required by either', () => {
    const preview = previewItem(
      { name: item.name, fields: [{ key: 'budget' }, { key: 'gone' }, { key: 'laptop_model', required: true }] },
      [model, budget, { ...reason, required: true }],
      [],
    );
    expect(preview.fields.map((f) => [f.key, f.order, f.required])).toEqual([
      ['budget', 0, false],
      ['laptop_model', 2, true],
    ]);
    expect(previewItem({ fields: [{ key: 'reason' }] }, [{ ...reason, required: true }], []).fields[0]!.required).toBe(
      true,
    );
  });

  it('redraws the form as fields are added, moved and made required', async () => {
    let editor: FormInstance | undefined;
    function Host() {
      const [form] = Form.useForm();
      editor = form;
      return (
        <Form form={form} initialValues={{ name: item.name, fields: [{ key: 'reason' }] }}>
          <Form.Item name="name" hidden />
          <Form.Item name="fields" hidden />
          <RequestTypePreview form={form} definitions={[model, budget, reason]} />
        </Form>
      );
    }
    mount(<Host />);
    await settle();
    expect(document.querySelector('.request-type-preview .ant-card-head-title')?.textContent).toBe('新笔记本电脑');
    expect(labels()).toEqual(['项目', '主题', '原因']);
    act(() => editor!.setFieldsValue({ fields: [{ key: 'budget' }, { key: 'reason' }, { key: 'laptop_model' }] }));
    await settle();
    expect(labels()).toEqual(['项目', '主题', '预算', '原因', '笔记本型号']);
    act(() => editor!.setFieldsValue({ fields: [{ key: 'laptop_model', required: true }, { key: 'budget' }] }));
    await settle();
    expect(labels()).toEqual(['项目', '主题', '笔记本型号', '预算']);
    const required = [...document.querySelectorAll('.catalog-request-fields .ant-form-item-required')];
    expect(required.map((l) => l.textContent)).toEqual(['笔记本型号']);
    // The preview has no submit: it is a look at the form, not a way to send one.
    expect(document.querySelector('.catalog-request-submit')).toBeNull();
  });

  it('follows the field list: a field moved down, made required or removed is so in the preview', async () => {
    let editor: FormInstance | undefined;
    function Host() {
      const [form] = Form.useForm();
      editor = form;
      return (
        <Form form={form} initialValues={{ name: item.name, fields: [{ key: 'budget' }, { key: 'laptop_model' }] }}>
          <RequestTypeFieldList definitions={[model, budget, reason]} categoryId={3} />
          <RequestTypePreview form={form} definitions={[model, budget, reason]} />
        </Form>
      );
    }
    mount(<Host />);
    await settle();
    expect(labels()).toEqual(['项目', '主题', '预算', '笔记本型号']);
    const rows = () => [...document.querySelectorAll('.request-type-field-row')];
    const button = (row: Element, name: string) =>
      row.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
    await act(async () => button(rows()[0]!, '下移').click());
    await settle();
    expect(labels()).toEqual(['项目', '主题', '笔记本型号', '预算']);
    await act(async () => rows()[1]!.querySelector<HTMLButtonElement>('.ant-switch')!.click());
    await settle();
    const required = [...document.querySelectorAll('.catalog-request-fields .ant-form-item-required')];
    expect(required.map((l) => l.textContent)).toEqual(['预算']);
    // What a save sends: each chosen field by its key, in the list's order.
    expect((await editor!.validateFields()).fields).toEqual([
      { key: 'laptop_model', required: undefined },
      { key: 'budget', required: true },
    ]);
    await act(async () => button(rows()[0]!, '删除').click());
    await settle();
    expect(labels()).toEqual(['项目', '主题', '预算']);
  });
});
