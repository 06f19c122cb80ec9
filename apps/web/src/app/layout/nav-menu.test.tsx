import { Profiler } from 'react';

import { createMemoryRouter, RouterProvider } from 'react-router';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll, expect, it } from 'vitest';
import { useJsdomBrowser, mountRoot } from '../../platform/jsdom-browser.fixture';
import { NavMenu } from './nav-menu';

beforeAll(async () => {
  useJsdomBrowser();
  // Rendered as in the browser (not inside act), so that a render loop shows as a count rather than a hang.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} } } });
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

// An address no menu entry names has no trail: a fresh empty one on every render fed the open keys' effect, which
// set state again, render after render (React error #185, a blank page between two unknown addresses).
it('renders a few times, not without end, at unknown addresses', async () => {
  let commits = 0;
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <Profiler id="menu" onRender={() => void commits++}>
            <NavMenu mode="inline" />
          </Profiler>
        ),
      },
    ],
    { initialEntries: ['/nowhere-one'] },
  );
  const { host, root } = mountRoot();
  root.render(<RouterProvider router={router} />);
  await settle();
  await router.navigate('/nowhere-two');
  await settle();
  await router.navigate(-1);
  await settle();
  expect(router.state.location.pathname).toBe('/nowhere-one');
  expect(host.querySelector('.nav-menu')).not.toBeNull();
  expect(commits).toBeLessThan(20);
});
