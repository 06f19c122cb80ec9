import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustomFieldDefinition, CustomValues } from '@casedesk/shared';
import { customValueDisplay, labelLanguage } from './custom-field-values';

/**
 * A record page's custom fields: every field holding a value (archived ones and those of another category too,
 * so a definition change never hides data), labels in the reader's language.
 */
export function CustomValuesCard({
  definitions,
  values,
  userNames = new Map(),
  title,
  none,
}: {
  definitions: readonly CustomFieldDefinition[];
  values: CustomValues;
  userNames?: ReadonlyMap<number, string>;
  title: string;
  /** What an emptied value reads as. */
  none: string;
}) {
  const { t, i18n } = useTranslation();
  const language = labelLanguage(i18n.language);
  const shown = definitions.filter((def) => values[def.key] !== undefined && values[def.key] !== null);
  if (shown.length === 0) return null;
  const words = {
    yes: t('values.boolean.true'),
    no: t('values.boolean.false'),
    userName: (id: number) => userNames.get(id),
  };
  return (
    <Card size="small" title={title} className="custom-values-card">
      <Descriptions
        column={1}
        size="small"
        items={shown.map((def) => ({
          key: def.key,
          label: def.label[language],
          children: customValueDisplay(def, values[def.key], words) || (
            <Typography.Text type="secondary">{none}</Typography.Text>
          ),
        }))}
      />
    </Card>
  );
}
