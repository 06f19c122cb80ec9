import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { startWithAllTexts } from './all-texts.fixture';
import { useJsdomBrowser } from './jsdom-browser.fixture';

/**
 * The setup of a jsdom test that renders a screen part: a browser Ant Design can work in, every text in `language`,
 * requests that never answer (a test reads what shows; a request waits rather than fail with a network error) and an
 * empty page after each test. Returns `mount`, which renders one element into the page.
 */
export function useScreenTest(language = 'en'): (element: ReactElement) => HTMLElement {
  let root: Root | undefined;
  beforeAll(async () => {
    useJsdomBrowser();
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    await startWithAllTexts(language);
  });
  afterAll(() => vi.unstubAllGlobals());
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
  });
  return (element) => {
    const host = document.createElement('div');
    document.body.append(host);
    const mounted = createRoot(host);
    root = mounted;
    act(() => mounted.render(element));
    return host;
  };
}
