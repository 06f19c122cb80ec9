import { useTranslation } from 'react-i18next';
import { customKeyOf, customValueText, type Condition, type SlaPolicy } from '@casedesk/shared';
import { labelLanguage } from '../../../../platform/custom-field-language';
import { useCustomFieldDefinitions } from '../../../../platform/custom-fields/custom-field-definitions';
import { ListPage } from '../../../../platform/crud/ListPage';
import { StatusTag } from '../../../../platform/crud/StatusTag';
import { formatDateTime } from '../../../../platform/format';
import { useDictionaryItems } from '../../../../platform/labels/dictionary-labels';
import { useSeededName, useValueLabel } from '../../../../platform/labels/labels';
import { slaPolicyApi } from '../../api';
import { useMinutesText } from '../../components/MinutesInput';
import { SlaPolicyEditor } from '../../components/SlaPolicyEditor';

/** "Priority is High; Project is one of P01 · Portal": the conditions in words, with names for the ids. */
function useConditionsText() {
  const { t, i18n } = useTranslation();
  const valueLabel = useValueLabel();
  const ticketTypes = useDictionaryItems('ticketType');
  const { data: definitions = [] } = useCustomFieldDefinitions('Ticket');
  const language = labelLanguage(i18n.language);
  const customOf = (field: string) => definitions.find((d) => d.key === customKeyOf(field));
  const words = { yes: t('values.boolean.true'), no: t('values.boolean.false') };
  return (policy: SlaPolicy) => {
    if (policy.conditions.length === 0) return t('sla.policy.everyTicket');
    const word = (condition: Condition, item: string | number | boolean) => {
      const custom = customOf(condition.field);
      if (custom) return customValueText(custom, item, language, words);
      if (condition.field === 'priority') return valueLabel('ticketPriority', String(item));
      if (condition.field === 'ticketType') return ticketTypes.label(String(item));
      const named = policy.conditionNames.find((n) => n.field === condition.field && n.id === Number(item));
      return named?.name ?? t('sla.policy.goneRecord');
    };
    return policy.conditions
      .map((condition) => {
        const values = Array.isArray(condition.value) ? condition.value : [condition.value];
        return t('sla.policy.conditionText', {
          field: customOf(condition.field)?.label[language] ?? t(`sla.policy.conditionField.${condition.field}`),
          op: t(`sla.policy.op.${condition.op}`),
          value: values.map((item) => word(condition, item)).join(t('sla.policy.listSeparator')),
        });
      })
      .join(t('sla.policy.conditionSeparator'));
  };
}

/** Service levels → Policies: which tickets get which targets, tried in priority order. */
export default function SlaPolicyListPage() {
  const { t } = useTranslation();
  const seededName = useSeededName();
  const minutesText = useMinutesText();
  const conditionsText = useConditionsText();
  const nameOf = (policy: SlaPolicy) => seededName('slaPolicy', policy.seedCode, policy.name);
  return (
    <ListPage<SlaPolicy>
      kind="sla"
      api={slaPolicyApi}
      module="slaPolicy"
      title={t('sla.policy.title')}
      searchPlaceholder={t('sla.policy.search')}
      statusField="status"
      exportName="sla-policies.xlsx"
      nameOf={nameOf}
      columns={[
        { key: 'priority', dataIndex: 'priority', title: t('sla.policy.fields.priority'), sorter: true, width: 90 },
        {
          key: 'name',
          dataIndex: 'name',
          title: t('sla.policy.fields.name'),
          sorter: true,
          width: 200,
          render: (_, policy) => nameOf(policy),
        },
        { key: 'conditions', title: t('sla.policy.fields.conditions'), render: (_, policy) => conditionsText(policy) },
        {
          key: 'calendar',
          title: t('sla.policy.fields.calendar'),
          width: 180,
          render: (_, policy) => seededName('slaCalendar', policy.calendarSeedCode, policy.calendarName ?? ''),
        },
        {
          key: 'firstResponse',
          title: t('sla.policy.fields.firstResponse'),
          width: 120,
          render: (_, policy) => minutesText(policy.firstResponseMinutes),
        },
        {
          key: 'resolution',
          title: t('sla.policy.fields.resolution'),
          width: 120,
          render: (_, policy) => minutesText(policy.resolutionMinutes),
        },
        {
          key: 'status',
          dataIndex: 'status',
          title: t('sla.policy.fields.status'),
          sorter: true,
          width: 100,
          render: (s: string) => <StatusTag active={s === 'Active'} />,
        },
        {
          key: 'modifiedAt',
          dataIndex: 'modifiedAt',
          title: t('sla.policy.fields.modifiedAt'),
          sorter: true,
          width: 180,
          render: (at: string) => formatDateTime(at),
        },
      ]}
      editor={({ id, onClose }) => <SlaPolicyEditor id={id} onClose={onClose} />}
    />
  );
}
