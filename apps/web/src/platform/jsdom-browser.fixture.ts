import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';

/** The window's width as media queries read it: a desktop unless a test narrows it (`setViewportWidth`). */
let viewportWidth = 1366;
export function setViewportWidth(width: number): void {
  viewportWidth = width;
}

/** A media query's answer: widths by `viewportWidth` (antd's breakpoints), anything else (motion, colours) no. */
function matchMediaAt(query: string): MediaQueryList {
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  const matches =
    (min !== null || max !== null) &&
    (!min || viewportWidth >= Number(min[1])) &&
    (!max || viewportWidth <= Number(max[1]));
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  };
}

// React's act() environment, and what Ant Design asks of a browser that jsdom lacks (for component tests).
export function useJsdomBrowser(): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.matchMedia ??= matchMediaAt;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

const mounted: { root: Root; host: HTMLElement }[] = [];

/**
 * A container in the document with a React root in it. Every root a test mounts is unmounted after that test: a root
 * left mounted can run React work after the file's jsdom is gone ("window is not defined", an error of the run).
 */
export function mountRoot(): { root: Root; host: HTMLDivElement } {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  mounted.push({ root, host });
  return { root, host };
}

/** Unmounts what `mountRoot` mounted and empties the document (also run after each test). */
export function unmountAll(): void {
  const all = mounted.splice(0);
  act(() => {
    for (const { root } of all) root.unmount();
  });
  for (const { host } of all) host.remove();
  // What portals (modals, messages) left behind.
  document.body.innerHTML = '';
}

afterEach(unmountAll);
