import { useMemo, useState } from 'react';
import type { TicketDetail } from '@casedesk/shared';
import { useShortcut } from '../../../../platform/keyboard/shortcuts';
import { useQuery } from '@tanstack/react-query';
import { ticketFormOptionsQuery } from '../../api';
import { BatchAssignModal } from '../list/batch-actions';
import { userOptions } from '../../components/list-filter';

const editable = '[contenteditable="true"]';

/** Puts the caret in the comment box, switched to an internal note (the box may have been left on public). */
function writeInternalNote() {
  const box = document.querySelector<HTMLElement>('.ticket-comment-box');
  if (!box) return;
  box.querySelector<HTMLInputElement>('input[value="internal"]:not(:checked)')?.click();
  const editor = box.querySelector<HTMLElement>(editable);
  if (editor) {
    editor.focus();
    return;
  }
  // The editor's code loads when it is first shown: the caret goes in once it has arrived (given up after 10 s).
  const observer = new MutationObserver(() => {
    const arrived = box.querySelector<HTMLElement>(editable);
    if (!arrived) return;
    observer.disconnect();
    arrived.focus();
  });
  observer.observe(box, { childList: true, subtree: true, attributes: true, attributeFilter: ['contenteditable'] });
  setTimeout(() => observer.disconnect(), 10_000);
}

/**
 * The ticket page's keys (issue 29): r replies by e-mail, n writes an internal note, a assigns, m opens the
 * Macro menu — each only where the page offers the same button.
 */
export function TicketShortcuts({
  ticket,
  canReply,
  onReply,
  onReload,
}: {
  ticket: TicketDetail;
  canReply: boolean;
  onReply: () => void;
  onReload: () => void;
}) {
  const [assigning, setAssigning] = useState(false);
  const canEdit = ticket.actions.includes('edit');
  // The assignees are loaded when the dialog first opens, not with every ticket.
  const options = useQuery({ ...ticketFormOptionsQuery, enabled: assigning });
  const users = useMemo(() => userOptions(options.data), [options.data]);
  const group = 'ticket' as const;

  useShortcut('r', onReply, { text: 'shortcuts.reply', shown: ['r'], group, enabled: canReply });
  useShortcut('n', writeInternalNote, {
    text: 'shortcuts.note',
    shown: ['n'],
    group,
    enabled: ticket.actions.includes('comment'),
  });
  useShortcut('a', () => setAssigning(true), { text: 'shortcuts.assign', shown: ['a'], group, enabled: canEdit });
  // The same menu as the button's, opened as a click would open it.
  useShortcut('m', () => document.querySelector<HTMLElement>('.ticket-macro-button')?.click(), {
    text: 'shortcuts.macro',
    shown: ['m'],
    group,
    enabled: canEdit,
  });

  return (
    <BatchAssignModal
      open={assigning}
      selected={[ticket.id]}
      users={users}
      onClose={() => setAssigning(false)}
      onDone={() => {
        setAssigning(false);
        onReload();
      }}
    />
  );
}
