import { DownOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../feedback';
import { useSeededName } from '../labels/labels';
import { useApplyMacro, useMacroChoices } from './macro-api';

/** The ticket page's Macro menu: applies one of the caller's macros to this ticket, then the page reloads. */
export function MacroButton({ ticketId, onApplied }: { ticketId: number; onApplied: () => void }) {
  const { t } = useTranslation();
  const seededName = useSeededName();
  const macros = useMacroChoices();
  const apply = useApplyMacro();
  const items = (macros.data ?? []).map((m) => ({ key: String(m.id), label: seededName('macro', m.seedCode, m.name) }));
  const run = (id: number) =>
    apply.mutate(
      { id, ticketIds: [ticketId] },
      {
        onSuccess: ([outcome]) => {
          // The ticket's own refusal (a status it may not move to, say) in the reader's words.
          if (outcome?.ok) feedback.success(t('macro.applied'));
          else feedback.error(outcome?.message ?? t('macro.notApplied'));
          onApplied();
        },
      },
    );
  return (
    <Dropdown
      trigger={['click']}
      disabled={apply.isPending}
      menu={{
        items: items.length > 0 ? items : [{ key: 'none', label: t('macro.none'), disabled: true }],
        onClick: ({ key }) => key !== 'none' && run(Number(key)),
      }}
    >
      <Button icon={<ThunderboltOutlined />} loading={apply.isPending} className="ticket-macro-button">
        {t('macro.button')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
