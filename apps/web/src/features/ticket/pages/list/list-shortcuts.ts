import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useShortcut } from '../../../../platform/keyboard/shortcuts';

/**
 * The list's keys (issue 29): j/k move a cursor over the rows, Enter opens, x selects, a assigns and m applies a
 * macro to the selection — or to the row under the cursor when nothing is selected. The cursor starts afresh
 * with each page of rows.
 */
export function useTicketListShortcuts({
  rowIds,
  selected,
  setSelected,
  onAssign,
  onMacro,
  canAssign,
  canMacro,
}: {
  rowIds: number[];
  selected: number[];
  setSelected: (ids: number[]) => void;
  onAssign: () => void;
  onMacro: () => void;
  canAssign: boolean;
  canMacro: boolean;
}) {
  const navigate = useNavigate();
  const [cursor, setCursor] = useState(-1);
  const rowsKey = rowIds.join(',');
  useEffect(() => setCursor(-1), [rowsKey]);
  useEffect(() => {
    document.querySelector('.ticket-row-cursor')?.scrollIntoView({ block: 'nearest' });
  }, [cursor]);

  const at = rowIds[cursor];
  const withTarget = (run: () => void) => () => {
    if (selected.length === 0 && at === undefined) return;
    if (selected.length === 0 && at !== undefined) setSelected([at]);
    run();
  };
  const group = 'list' as const;
  useShortcut('j', () => setCursor((c) => Math.min(c + 1, rowIds.length - 1)), {
    text: 'shortcuts.next',
    shown: ['j'],
    group,
  });
  useShortcut('k', () => setCursor((c) => Math.max(c - 1, 0)), { text: 'shortcuts.previous', shown: ['k'], group });
  useShortcut('enter', () => at !== undefined && void navigate(`/ticket/info/${at}`), {
    text: 'shortcuts.open',
    shown: ['Enter'],
    group,
  });
  useShortcut(
    'x',
    () => {
      if (at === undefined) return;
      setSelected(selected.includes(at) ? selected.filter((id) => id !== at) : [...selected, at]);
    },
    { text: 'shortcuts.select', shown: ['x'], group },
  );
  useShortcut('a', withTarget(onAssign), { text: 'shortcuts.assign', shown: ['a'], group, enabled: canAssign });
  useShortcut('m', withTarget(onMacro), { text: 'shortcuts.macro', shown: ['m'], group, enabled: canMacro });

  return { cursorId: at };
}
