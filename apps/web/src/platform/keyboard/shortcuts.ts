import { useHotkeys } from 'react-hotkeys-hook';

/** One shortcut as the help lists it: the keys pressed one after another, and what they do (a text key). */
export type ShortcutMeta = { shown: string[]; group: 'general' | 'list' | 'ticket' };

/**
 * A dialog, drawer, dropdown or picker on top of the page: the keys belong to it then (j in a select's search,
 * Enter on a confirm button), not to the page under it.
 */
export function overlayOpen(): boolean {
  const overlays = document.querySelectorAll<HTMLElement>(
    '.ant-modal-wrap, .ant-drawer-open, .ant-dropdown:not(.ant-dropdown-hidden), .ant-select-dropdown:not(.ant-select-dropdown-hidden), .ant-picker-dropdown:not(.ant-picker-dropdown-hidden)',
  );
  return [...overlays].some(shown);
}

/** On screen: neither it nor a parent is hidden (a closed dialog keeps its element, hidden). */
function shown(element: HTMLElement): boolean {
  for (let at: HTMLElement | null = element; at; at = at.parentElement)
    if (getComputedStyle(at).display === 'none') return false;
  return true;
}

/**
 * A page's keyboard shortcut (issue 29: `?` lists them). Keys are physical keys as react-hotkeys-hook names
 * them (`j`, `enter`, `g>l` for g then l; `byCharacter` for a typed character such as `?`); never while typing in a field or an editor,
 * or while something is open on top. A page kept alive in a hidden tab has no effects, so its keys are off.
 */
export function useShortcut(
  keys: string,
  run: () => void,
  {
    text,
    shown,
    group,
    enabled = true,
    byCharacter = false,
  }: { text: string; enabled?: boolean; byCharacter?: boolean } & ShortcutMeta,
): void {
  useHotkeys(
    keys,
    () => {
      if (!overlayOpen()) run();
    },
    {
      enabled,
      description: text,
      metadata: { shown, group },
      preventDefault: () => !overlayOpen(),
      sequenceTimeoutMs: 1500,
      // `?` is the character, wherever the layout puts it and whichever Shift makes it.
      ...(byCharacter ? { useKey: true, ignoreModifiers: true } : {}),
    },
    [run],
  );
}

/** Focuses the page's search box (the one marked `data-shortcut-search`), once it is on screen. */
export function focusSearchBox(waitMs = 2000): void {
  const started = performance.now();
  const attempt = () => {
    const box = [...document.querySelectorAll<HTMLInputElement>('[data-shortcut-search]')].find(shown);
    if (box) {
      box.focus();
      box.select();
    } else if (performance.now() - started < waitMs) requestAnimationFrame(attempt);
  };
  attempt();
}
