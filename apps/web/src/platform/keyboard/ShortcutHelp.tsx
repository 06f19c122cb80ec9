import { useState } from 'react';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHotkeysContext } from 'react-hotkeys-hook';
import { useNavigate } from 'react-router';
import { focusSearchBox, useShortcut, type ShortcutMeta } from './shortcuts';
import './shortcuts.css';

const groups: ShortcutMeta['group'][] = ['general', 'list', 'ticket'];

/** The shortcuts that work everywhere, and `?`: a dialog listing those the open page has. */
export function ShortcutHelp() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { hotkeys } = useHotkeysContext();

  useShortcut('?', () => setOpen(true), {
    byCharacter: true,
    text: 'shortcuts.help',
    shown: ['?'],
    group: 'general',
  });
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

  // The same key may be bound twice while a page changes; list each once.
  const listed = new Map<string, { text: string; shown: string[]; group: ShortcutMeta['group'] }>();
  for (const hotkey of hotkeys) {
    const meta = hotkey.metadata as ShortcutMeta | undefined;
    if (meta && hotkey.description) listed.set(hotkey.hotkey, { text: hotkey.description, ...meta });
  }

  return (
    <Modal
      open={open}
      title={t('shortcuts.title')}
      footer={null}
      onCancel={() => setOpen(false)}
      width={520}
      className="shortcut-help"
    >
      {groups.map((group) => {
        const rows = [...listed.values()].filter((row) => row.group === group);
        if (rows.length === 0) return null;
        return (
          <section key={group} className="shortcut-help-group">
            <Typography.Title level={5}>{t(`shortcuts.groups.${group}`)}</Typography.Title>
            <dl>
              {rows.map((row) => (
                <div key={row.text} className="shortcut-help-row">
                  <dt>
                    {row.shown.map((key, index) => (
                      <span key={key + index}>
                        {index > 0 && <span className="shortcut-then">{t('shortcuts.then')}</span>}
                        <kbd>{key}</kbd>
                      </span>
                    ))}
                  </dt>
                  <dd>{t(row.text)}</dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
    </Modal>
  );
}
