import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';

/** What a suggestion popup shows: the matches, the one the arrows are on, where the typed word is on screen. */
export type SuggestionMenu<T> = {
  items: T[];
  selected: number;
  rect: DOMRect | null;
  choose: (item: T) => void;
};

/**
 * The render hooks of a Tiptap suggestion whose popup React draws (`::` canned replies, `@` mentions): `show` is
 * told the menu on every change and null when it closes; the arrows move, Enter or Tab picks, Escape closes.
 */
export function suggestionMenu<T>(show: (menu: SuggestionMenu<T> | null) => void) {
  let current: SuggestionProps<T, T> | null = null;
  let selected = 0;
  const publish = () => {
    const shown = current;
    if (!shown) return;
    show({
      items: shown.items,
      selected,
      rect: shown.clientRect?.() ?? null,
      choose: (item) => shown.command(item),
    });
  };
  return {
    onStart: (props: SuggestionProps<T, T>) => {
      current = props;
      selected = 0;
      publish();
    },
    onUpdate: (props: SuggestionProps<T, T>) => {
      current = props;
      selected = Math.min(selected, Math.max(props.items.length - 1, 0));
      publish();
    },
    onExit: () => {
      current = null;
      show(null);
    },
    onKeyDown: ({ event }: SuggestionKeyDownProps) => {
      const count = current?.items.length ?? 0;
      if (!current || count === 0) return false;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        selected = (selected + (event.key === 'ArrowDown' ? 1 : count - 1)) % count;
        publish();
        return true;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        current.command(current.items[selected]!);
        return true;
      }
      return false;
    },
  };
}
