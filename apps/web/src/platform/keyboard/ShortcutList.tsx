import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHotkeysContext } from 'react-hotkeys-hook';
import type { ShortcutMeta } from './shortcuts';
import './shortcuts.css';

const groups: ShortcutMeta['group'][] = ['general', 'list', 'ticket'];

/** The dialog of `?`: the shortcuts the open page has, by group (loaded when first asked for). */
export default function ShortcutList({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { hotkeys } = useHotkeysContext();
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
      onCancel={onClose}
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
