import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustomValues } from '@casedesk/shared';
import { useTicketFormOptions } from '../api';
import { customValueDisplay, labelLanguage } from '../../../platform/custom-fields/custom-field-values';

/**
 * The ticket page's custom fields: every field holding a value (archived ones and those of another category too,
 * so a definition change never hides data), labels in the reader's language.
 */
export function TicketCustomFieldsCard({ values }: { values: CustomValues }) {
  const { t, i18n } = useTranslation();
  const { data } = useTicketFormOptions();
  const language = labelLanguage(i18n.language);
  const users = new Map((data?.users ?? []).map((u) => [u.id, u.name]));
  const shown = (data?.customFields ?? []).filter((def) => values[def.key] !== undefined && values[def.key] !== null);
  if (shown.length === 0) return null;
  const words = {
    yes: t('values.boolean.true'),
    no: t('values.boolean.false'),
    userName: (id: number) => users.get(id),
  };
  return (
    <Card size="small" title={t('ticket.custom.title')} className="ticket-custom-card">
      <Descriptions
        column={1}
        size="small"
        items={shown.map((def) => ({
          key: def.key,
          label: def.label[language],
          children: customValueDisplay(def, values[def.key], words) || (
            <Typography.Text type="secondary">{t('ticket.custom.none')}</Typography.Text>
          ),
        }))}
      />
    </Card>
  );
}
