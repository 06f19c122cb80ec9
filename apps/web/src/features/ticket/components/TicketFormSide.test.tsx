import { act, createElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Form, type FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import { resourceKeys } from '../../../platform/crud/resource-api';
import { useScreenTest } from '../../../platform/screen-test.fixture';
import { TicketFormSide, type TicketFormCurrent } from './TicketFormSide';
import type { TicketFormValues } from './ticket-form-values';

/** Business unit and ticket type are chosen from their dictionaries, in the reader's language; a value no item holds stays. */
const item = (key: string, name: string, value: string, nameZhCn: string | null = null) => ({
  id: 0,
  key,
  parentKey: null,
  name,
  nameZhCn,
  nameZhTw: null,
  value,
  sort: 0,
  enable: true,
});

const mount = useScreenTest('zh-cn');

function renderSide(initialValues: Partial<TicketFormValues>, ticket: TicketFormCurrent) {
  let form: FormInstance<TicketFormValues> | undefined;
  function Host() {
    const [instance] = Form.useForm<TicketFormValues>();
    form = instance;
    return (
      <Form form={instance} initialValues={initialValues}>
        <TicketFormSide ticket={ticket} />
      </Form>
    );
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(resourceKeys('Dictionary').of('items', 'businessunit'), [
    item('retail', 'Retail', 'Retail'),
    item('gold', 'Gold', 'GOLD', '黄金'),
  ]);
  client.setQueryData(resourceKeys('Dictionary').of('items', 'tickettype'), [item('incident', 'Incident', 'Incident')]);
  mount(createElement(QueryClientProvider, { client }, createElement(Host)));
  return () => form!;
}

/** The text a field's select shows as chosen. */
const shown = (field: string) =>
  document.querySelector(`#${field}`)?.closest('.ant-select')?.querySelector('.ant-select-content')?.textContent;

/** The options a field's select offers once opened. */
async function offered(field: string): Promise<string[]> {
  const select = document.querySelector(`#${field}`)!.closest('.ant-select')!;
  await act(async () => {
    select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  const list = document.querySelector(`#${field}_list`)?.closest('.ant-select-dropdown');
  return [...(list?.querySelectorAll('.ant-select-item-option') ?? [])].map((o) => o.getAttribute('title') ?? '');
}

const current: TicketFormCurrent = {
  id: 1,
  projectId: 1,
  projectName: 'Service desk',
  categoryId: null,
  categoryName: null,
  companyId: null,
  companyName: null,
  businessUnit: 'Old unit',
  ticketType: 'Incident',
};

// Ant Design's first render is slow on a busy machine: each test may take longer than the default.
describe('TicketFormSide', () => {
  it('shows a stored value no item holds as stored, and an item by its name in the reader’s language', async () => {
    const form = renderSide({ businessUnit: 'Old unit', ticketType: 'Incident' }, current);
    expect(shown('businessUnit')).toBe('Old unit');
    expect(shown('ticketType')).toBe('事件');
    expect(await offered('businessUnit')).toEqual(['零售', '黄金', 'Old unit']);
    // Another choice keeps the stored value on offer.
    await act(async () => form().setFieldsValue({ businessUnit: 'GOLD' }));
    expect(shown('businessUnit')).toBe('黄金');
    expect(await offered('businessUnit')).toEqual(['零售', '黄金', 'Old unit']);
  }, 30_000);

  it('offers only the items when nothing is stored', async () => {
    renderSide({}, { ...current, businessUnit: null, ticketType: null });
    expect(await offered('ticketType')).toEqual(['事件']);
  }, 30_000);
});
