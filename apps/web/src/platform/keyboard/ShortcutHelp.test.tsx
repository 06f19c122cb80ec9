import { act, createElement, useState } from 'react';
import { HotkeysProvider } from 'react-hotkeys-hook';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useScreenTest } from '../screen-test.fixture';
import { ShortcutHelp } from './ShortcutHelp';
import { useShortcut } from './shortcuts';

const mount = useScreenTest('zh-cn');

/** A page with one key of its own (j) and a field to type in. */
function Page() {
  const [count, setCount] = useState(0);
  useShortcut('j', () => setCount((c) => c + 1), { text: 'shortcuts.next', shown: ['j'], group: 'list' });
  return createElement('div', null, createElement('input', { id: 'field' }), createElement('output', null, count));
}

function render(path = '/page') {
  const router = createMemoryRouter(
    [
      { path: '/page', element: createElement('div', null, createElement(Page), createElement(ShortcutHelp)) },
      { path: '/ticket/list', element: createElement('p', { id: 'list' }, 'list') },
    ],
    { initialEntries: [path] },
  );
  mount(createElement(HotkeysProvider, null, createElement(RouterProvider, { router })));
  return router;
}

function press(code: string, key: string, init: KeyboardEventInit = {}, target: EventTarget = document.body) {
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { code, key, bubbles: true, ...init }));
    target.dispatchEvent(new KeyboardEvent('keyup', { code, key, bubbles: true, ...init }));
  });
}

/** The `?` dialog, once its lazily loaded code has come. */
async function helpDialog(): Promise<Element> {
  await vi.waitFor(() => expect(document.querySelector('.shortcut-help')).not.toBeNull(), { timeout: 20_000 });
  return document.querySelector('.shortcut-help')!;
}

describe('keyboard shortcuts', () => {
  it('runs a page key, but not while the user types in a field', () => {
    render();
    press('KeyJ', 'j');
    press('KeyJ', 'j');
    expect(document.querySelector('output')!.textContent).toBe('2');
    press('KeyJ', 'j', {}, document.querySelector('#field')!);
    expect(document.querySelector('output')!.textContent).toBe('2');
  });

  it('lists the open page’s keys and the general ones under ?, worded in the reader’s language', async () => {
    render();
    press('Slash', '?', { shiftKey: true });
    const dialog = await helpDialog();
    expect(dialog.querySelector('.ant-modal-title')!.textContent).toBe('键盘快捷键');
    const rows = [...dialog.querySelectorAll('.shortcut-help-row')].map((row) => row.textContent);
    expect(rows).toEqual(expect.arrayContaining(['?显示此列表', 'g然后l转到工单列表', '/搜索工单', 'j下一个工单']));
  });

  it('keeps page keys off while a dialog is open on top', async () => {
    render();
    press('Slash', '?', { shiftKey: true });
    await helpDialog();
    press('KeyJ', 'j');
    expect(document.querySelector('output')!.textContent).toBe('0');
  });

  it('goes to the ticket list on g then l', () => {
    const router = render();
    press('KeyG', 'g');
    press('KeyL', 'l');
    expect(router.state.location.pathname).toBe('/ticket/list');
  });
});
