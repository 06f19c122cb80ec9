import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  customKeyOf,
  type CustomFieldDefinition,
  type TriggerCondition,
  type TriggerConditionOp,
  type TriggerEvent,
} from '@casedesk/shared';
import { labelLanguage } from '../../../platform/custom-field-language';
import { useCustomFieldDefinitions } from '../../../platform/custom-fields/custom-field-definitions';
import { CustomConditionValue } from '../../../platform/custom-fields/CustomConditionValue';
import { ConditionValueInput } from './ConditionValueInput';
import { conditionAfter, fieldsOf, opsFor } from './trigger-fields';

/** The ticket custom fields (by key) of a trigger's conditions: an archived one only where a condition names it. */
export function useTicketCustomFields() {
  const { data: definitions = [] } = useCustomFieldDefinitions('Ticket');
  return (field: string): CustomFieldDefinition | undefined =>
    field.startsWith('custom.') ? definitions.find((d) => d.key === customKeyOf(field)) : undefined;
}

/** The "and …" rows of a trigger: field, operator and value, each offered as the event and the field allow. */
export function TriggerConditions({
  value = [],
  onChange,
  event,
}: {
  value?: TriggerCondition[];
  onChange?: (value: TriggerCondition[]) => void;
  event: TriggerEvent;
}) {
  const { t, i18n } = useTranslation();
  const language = labelLanguage(i18n.language);
  const { data: definitions = [] } = useCustomFieldDefinitions('Ticket');
  const customOf = useTicketCustomFields();
  const fieldOptions = (current: string) => [
    ...fieldsOf(event).map((field) => ({ value: field, label: t(`automation.trigger.field.${field}`) })),
    ...definitions
      .filter((d) => d.status === 'Active' || `custom.${d.key}` === current)
      .map((d) => ({ value: `custom.${d.key}`, label: d.label[language] })),
  ];
  const set = (index: number, condition: TriggerCondition) =>
    onChange?.(value.map((item, i) => (i === index ? condition : item)));
  return (
    <div className="trigger-conditions">
      {value.length === 0 && <div className="trigger-none">{t('automation.trigger.always')}</div>}
      {value.map((condition, index) => {
        const custom = customOf(condition.field);
        const changeOp = condition.op === 'changedTo' || condition.op === 'changedFrom';
        return (
          <div key={index} className="trigger-condition">
            <span className="trigger-word">{t('automation.trigger.sentence.and')}</span>
            <Select<string>
              className="trigger-condition-field"
              aria-label={t('automation.trigger.conditionField')}
              showSearch={{ optionFilterProp: 'label' }}
              value={condition.field}
              onChange={(field) => set(index, conditionAfter(condition, { field }, event, customOf))}
              options={fieldOptions(condition.field)}
            />
            <Select<TriggerConditionOp>
              className="trigger-condition-op"
              aria-label={t('automation.trigger.conditionOp')}
              value={condition.op}
              onChange={(op) => set(index, conditionAfter(condition, { op }, event, customOf))}
              options={opsFor(condition.field, event, custom).map((op) => ({
                value: op,
                label: t(`automation.trigger.op.${op}`),
              }))}
            />
            <div className="trigger-condition-value">
              {custom ? (
                condition.op !== 'changed' && (
                  <CustomConditionValue
                    def={custom}
                    // "Changed to" and "changed from" take one value, as "is" does.
                    condition={{
                      field: condition.field,
                      op: changeOp
                        ? 'eq'
                        : (condition.op as Exclude<TriggerConditionOp, 'changed' | 'changedTo' | 'changedFrom'>),
                      value: condition.value ?? '',
                    }}
                    onChange={(v) => set(index, { ...condition, value: v })}
                  />
                )
              ) : (
                <ConditionValueInput condition={condition} onChange={(v) => set(index, { ...condition, value: v })} />
              )}
            </div>
            <Button
              type="text"
              danger
              aria-label={t('automation.trigger.removeCondition')}
              icon={<DeleteOutlined />}
              onClick={() => onChange?.(value.filter((_, i) => i !== index))}
            />
          </div>
        );
      })}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => onChange?.([...value, { field: 'priority', op: 'eq', value: 'High' }])}
      >
        {t('automation.trigger.addCondition')}
      </Button>
    </div>
  );
}
