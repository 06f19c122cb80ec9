import { Form, Input, InputNumber, Select } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  triggerCreateSchema,
  triggerEvents,
  validateQuartzCron,
  type Trigger,
  type TriggerCondition,
  type TriggerEvent,
} from '@casedesk/shared';
import { CronEditor } from '../../../platform/cron/CronEditor';
import { ActionCards } from '../../../platform/macro/ActionCards';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import { useStatusOptions } from '../../../platform/crud/StatusTag';
import { requiredText, schemaRule } from '../../../platform/form-rules';
import { useValueLabel } from '../../../platform/labels/labels';
import { translateServerMessage } from '../../../platform/server-messages';
import { triggerApi } from '../api';
import { DryRunPanel } from './DryRunPanel';
import { conditionsForEvent } from './trigger-fields';
import { TriggerActionInput, triggerActionOf, triggerDraftOf, type TriggerActionDraft } from './TriggerActionInput';
import { TriggerConditions, useTicketCustomFields } from './TriggerConditions';
import './automation.css';

export type TriggerValues = {
  name: string;
  description: string;
  event: TriggerEvent;
  cron: string | null;
  conditions: TriggerCondition[];
  actions: TriggerActionDraft[];
  order: number;
  status: 'Active' | 'Inactive';
};

const fields = triggerCreateSchema.shape;

const toForm = (trigger: Trigger): TriggerValues => ({
  name: trigger.name,
  description: trigger.description,
  event: trigger.event,
  cron: trigger.cron,
  conditions: trigger.conditions,
  actions: trigger.actions.map(triggerDraftOf),
  order: trigger.order,
  status: trigger.status,
});

/** The rule as the API takes it (Add, Update and the dry run). */
export const triggerBody = (v: Partial<TriggerValues>) => ({
  name: v.name ?? '',
  description: v.description ?? '',
  event: v.event ?? 'ticket.created',
  cron: v.event === 'schedule' ? (v.cron ?? null) : null,
  conditions: v.conditions ?? [],
  actions: (v.actions ?? []).map(triggerActionOf),
  order: v.order ?? 100,
  status: v.status ?? 'Active',
});

/** A trigger as a sentence: "When <event>, and <conditions>, then <actions>", with its order and status. */
export function TriggerEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const valueLabel = useValueLabel();
  const statusOptions = useStatusOptions();
  const customOf = useTicketCustomFields();
  const shown = useCallback((trigger: Trigger) => toForm(trigger), []);
  return (
    <EditorDrawer<Trigger, TriggerValues>
      api={triggerApi}
      id={id}
      onClose={onClose}
      width={820}
      title={id === null ? t('automation.trigger.create') : t('automation.trigger.edit')}
      defaults={{
        event: 'ticket.created',
        cron: null,
        description: '',
        conditions: [],
        actions: [{ kind: 'addTags', tags: [] }],
        order: 100,
        status: 'Active',
      }}
      toForm={shown}
      toBody={triggerBody}
    >
      {(form) => (
        <>
          <Form.Item name="name" label={t('automation.trigger.fields.name')} required rules={[schemaRule(fields.name)]}>
            <Input maxLength={100} autoFocus />
          </Form.Item>
          <Form.Item name="description" label={t('automation.trigger.fields.description')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          <h4 className="trigger-heading">{t('automation.trigger.sentence.when')}</h4>
          <Form.Item name="event" label={t('automation.trigger.fields.event')} required>
            <Select<TriggerEvent>
              options={triggerEvents.map((event) => ({ value: event, label: valueLabel('automationEvent', event) }))}
              onChange={(event) =>
                form.setFieldsValue({
                  conditions: conditionsForEvent(form.getFieldValue('conditions') ?? [], event, customOf),
                  cron: event === 'schedule' ? (form.getFieldValue('cron') ?? null) : null,
                })
              }
            />
          </Form.Item>
          <Form.Item noStyle dependencies={['event']}>
            {({ getFieldValue }) =>
              getFieldValue('event') === 'schedule' && (
                <Form.Item
                  name="cron"
                  label={t('automation.trigger.fields.cron')}
                  extra={t('automation.trigger.cronHelp')}
                  required
                  rules={[
                    {
                      validator: async (_rule, value: string | null | undefined) => {
                        if (!value) throw new Error(requiredText());
                        const problem = validateQuartzCron(value);
                        if (problem) throw new Error(translateServerMessage(problem.message));
                      },
                    },
                  ]}
                >
                  <CronEditor />
                </Form.Item>
              )
            }
          </Form.Item>
          <h4 className="trigger-heading">{t('automation.trigger.sentence.if')}</h4>
          <Form.Item noStyle dependencies={['event']}>
            {({ getFieldValue }) => (
              <Form.Item name="conditions" label={t('automation.trigger.fields.conditions')}>
                <TriggerConditions event={getFieldValue('event') as TriggerEvent} />
              </Form.Item>
            )}
          </Form.Item>
          <h4 className="trigger-heading">{t('automation.trigger.sentence.then')}</h4>
          <ActionCards
            name="actions"
            label={t('automation.trigger.fields.actions')}
            input={<TriggerActionInput />}
            blank={{ kind: 'addTags', tags: [] }}
            words={{
              title: (n) => t('automation.trigger.actionN', { n }),
              remove: t('automation.trigger.removeAction'),
              add: t('automation.trigger.addAction'),
            }}
          />
          <div className="trigger-row">
            <Form.Item
              name="order"
              label={t('automation.trigger.fields.order')}
              extra={t('automation.trigger.orderHelp')}
              rules={[schemaRule(fields.order)]}
            >
              <InputNumber min={0} max={100_000} precision={0} />
            </Form.Item>
            <Form.Item name="status" label={t('automation.trigger.fields.status')}>
              <Select options={statusOptions} style={{ width: 160 }} />
            </Form.Item>
          </div>
          <DryRunPanel rule={() => triggerBody(form.getFieldsValue(true) as TriggerValues)} />
        </>
      )}
    </EditorDrawer>
  );
}
