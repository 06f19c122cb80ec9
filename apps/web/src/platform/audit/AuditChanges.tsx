import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { auditHiddenValue, auditUserFields, type AuditChange } from '@casedesk/shared';
import { formatDateTime } from '../format';
import { useValueLabel, type ValueKind } from '../labels/labels';

/**
 * Fields of any record type whose values are a fixed value's; a screen names its record type's own (`valueKinds`:
 * a role's `dataScope`), so the words of every other feature's values need not come with it (app/router/screen-texts.ts).
 */
const anyRecordKinds: Record<string, ValueKind> = { status: 'activeStatus', language: 'language' };

/** Characters of a value shown before it is cut. */
const longValue = 160;
const isoMoment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** A record type's fields that hold a fixed value, by field: shown by the value's words. */
export type AuditValueKinds = Record<string, ValueKind>;

type Props = { changes: AuditChange[]; userNames: Record<string, string>; valueKinds?: AuditValueKinds };

/**
 * What one audit entry changed, a line per field: "Field: from → to". Fields by their labels (`fields.<name>`),
 * fixed values, yes/no and moments by their words, user ids by the names the row carries, a secret as "changed,
 * value hidden" (the server never sends its value).
 */
export function AuditChanges({ changes, userNames, valueKinds }: Props) {
  const { t } = useTranslation();
  const valueLabel = useValueLabel();
  if (changes.length === 0) return <Typography.Text type="secondary">{t('audit.noFields')}</Typography.Text>;

  const kindOf = (field: string) => valueKinds?.[field] ?? anyRecordKinds[field];
  const text = (field: string, value: unknown): string => {
    if (isEmpty(value)) return t('audit.empty_value');
    if (typeof value === 'boolean') return valueLabel('boolean', String(value));
    if (auditUserFields.includes(field)) {
      const name = (id: unknown) => userNames[String(id)] ?? `#${String(id)}`;
      if (typeof value === 'number') return name(value);
      if (Array.isArray(value)) return value.map(name).join(', ');
    }
    const kind = kindOf(field);
    if (kind && typeof value === 'string') return valueLabel(kind, value);
    if (typeof value === 'string') return isoMoment.test(value) ? formatDateTime(value, { seconds: true }) : value;
    if (typeof value === 'number') return String(value);
    const json = JSON.stringify(value);
    // A large value (a workflow's graph) is cut: the trail says that it changed, the record shows it whole.
    return json.length > longValue ? `${json.slice(0, longValue)}…` : json;
  };

  return (
    <ul className="audit-changes" style={{ margin: 0, paddingInlineStart: 18 }}>
      {changes.map(({ field, from, to }) => (
        <li key={field} className="audit-change" data-field={field}>
          <Typography.Text strong className="audit-field">
            {t(`fields.${field}`, { defaultValue: field })}
          </Typography.Text>
          {': '}
          {from === auditHiddenValue && to === auditHiddenValue ? (
            <Tag className="audit-hidden">{t('audit.hidden')}</Tag>
          ) : (
            <>
              <Typography.Text delete={!isEmpty(from)} type="secondary" className="audit-from">
                {text(field, from)}
              </Typography.Text>
              {' → '}
              <Typography.Text className="audit-to">{text(field, to)}</Typography.Text>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
