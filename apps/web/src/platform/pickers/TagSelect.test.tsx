import { act, createElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { useScreenTest } from '../screen-test.fixture';
import { ticketTagsKey } from './ticket-options';
import { normalizedTags, TagChips, TagSelect } from './TagSelect';

const mount = useScreenTest('zh-cn');

function render(node: React.ReactElement, client = new QueryClient()) {
  mount(createElement(QueryClientProvider, { client }, node));
}

describe('ticket tags on the web', () => {
  it('normalizes typed tags as the server keeps them', () => {
    expect(normalizedTags([' VPN ', 'vpn', 'Mail   Server', 'ＶＰＮ', '  '])).toEqual(['mail server', 'vpn']);
  });

  it('shows a few chips and counts the rest in a "+n" chip', () => {
    render(createElement(TagChips, { tags: ['a', 'b', 'c', 'd', 'e'] }));
    const chips = [...document.querySelectorAll('.ticket-tag-chips .ant-tag')].map((tag) => tag.textContent);
    expect(chips).toEqual(['a', 'b', 'c', '+2']);
  });

  it('offers the server’s suggestions with their counts', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(ticketTagsKey(''), [
      { name: 'vpn', count: 1234 },
      { name: 'printer', count: 2 },
    ]);
    render(createElement(TagSelect, { id: 'tags', value: [] }), client);
    const select = document.querySelector('#tags')!.closest('.ant-select')!;
    await act(async () => {
      select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    const options = [...document.querySelectorAll('.ticket-tag-option')].map((o) => o.textContent);
    expect(options).toEqual(['vpn1,234', 'printer2']);
  }, 30_000);
});
