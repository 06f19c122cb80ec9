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
