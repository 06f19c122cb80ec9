import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { focusSearchBox, useShortcut } from './shortcuts';

// The dialog is read rarely: its code comes when `?` is first pressed, not with every screen.
const ShortcutList = lazy(() => import('./ShortcutList'));

/** The shortcuts that work everywhere, and `?`: a dialog listing those the open page has. */
export function ShortcutHelp() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);

  useShortcut(
    '?',
    () => {
      setAsked(true);
      setOpen(true);
    },
    {
      byCharacter: true,
      text: 'shortcuts.help',
      shown: ['?'],
      group: 'general',
    },
  );
  useShortcut('g>l', () => void navigate('/ticket/list'), {
    text: 'shortcuts.ticketList',
    shown: ['g', 'l'],
    group: 'general',
  });
  useShortcut(
    'slash',
    () => {
      // On a page with a search box, that one; elsewhere the ticket list's.
      if (!document.querySelector('[data-shortcut-search]')) void navigate('/ticket/list');
      focusSearchBox();
    },
    { text: 'shortcuts.search', shown: ['/'], group: 'general' },
  );

  return asked ? (
    <Suspense fallback={null}>
      <ShortcutList open={open} onClose={() => setOpen(false)} />
    </Suspense>
  ) : null;
}
