import { Form, Input, Select, type FormInstance } from 'antd';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarProblem, slaCalendarCreateSchema, type SlaCalendar } from '@casedesk/shared';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import { useStatusOptions } from '../../../platform/crud/StatusTag';
import type { FormValuesOf } from '../../../platform/crud/values';
import { requiredText, schemaRule } from '../../../platform/form-rules';
import { seededSaved, seededShown } from '../../../platform/labels/labels';
import { usePublicSettings } from '../../../platform/public-settings';
import { slaCalendarApi } from '../api';
import { ExtraHolidays } from './ExtraHolidays';
import { WorkingWeek } from './WorkingWeek';
import './sla.css';

type Values = FormValuesOf<typeof slaCalendarCreateSchema>;
type Translate = (key: string) => string;

const fields = slaCalendarCreateSchema.shape;

/** Monday to Friday, 09:00-18:00: what a new calendar starts with, as the seeded one. */
const businessWeek = [1, 2, 3, 4, 5].map((day) => ({ day, from: '09:00', to: '18:00' }));

// The seeded calendar's name reads in the reader's words and is saved back as seeded while left as shown.
const toForm = (calendar: SlaCalendar, t: Translate): Values => ({
  name: seededShown(t, 'slaCalendar', calendar.seedCode, calendar.name),
  timeZone: calendar.timeZone,
  workingHours: calendar.workingHours,
  extraHolidays: calendar.extraHolidays,
  status: calendar.status,
});

/** Every zone the browser knows, and a stored one it does not (kept on offer rather than lost). */
function useTimeZones(current: string | undefined) {
  return useMemo(() => {
    const zones = Intl.supportedValuesOf('timeZone');
    const all = [...new Set([...zones, 'UTC', ...(current ? [current] : [])])].sort();
    return all.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
  }, [current]);
}

/** Create or edit a service-level calendar: its zone, its week of working hours and its own closed days. */
export function SlaCalendarEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = usePublicSettings();
  const loaded = useRef<SlaCalendar | null>(null);
  const shown = useCallback(
    (calendar: SlaCalendar) => {
      loaded.current = calendar;
      return toForm(calendar, t);
    },
    [t],
  );
  const saved = useCallback(
    (v: Values) => {
      const calendar = id === null ? null : loaded.current;
      return { ...v, name: seededSaved(t, 'slaCalendar', calendar?.seedCode, calendar?.name, v.name) };
    },
    [id, t],
  );
  return (
    <EditorDrawer<SlaCalendar, Values>
      api={slaCalendarApi}
      id={id}
      onClose={onClose}
      title={id === null ? t('sla.calendar.create') : t('sla.calendar.edit')}
      width={640}
      defaults={{ timeZone: settings.timeZone, workingHours: businessWeek, extraHolidays: [], status: 'Active' }}
      toForm={shown}
      toBody={saved}
    >
      {(form) => <CalendarFields form={form} />}
    </EditorDrawer>
  );
}

/** The form's fields: a component of its own, as it watches the week and the zone. */
function CalendarFields({ form }: { form: FormInstance<Values> }) {
  const { t } = useTranslation();
  const statusOptions = useStatusOptions();
  const timeZone = Form.useWatch('timeZone', form);
  const week = Form.useWatch('workingHours', form) ?? [];
  const zones = useTimeZones(timeZone);
  const problem = calendarProblem(week);
  return (
    <>
      <Form.Item name="name" label={t('sla.calendar.fields.name')} required rules={[schemaRule(fields.name)]}>
        <Input maxLength={100} autoFocus />
      </Form.Item>
      <Form.Item
        name="timeZone"
        label={t('sla.calendar.fields.timeZone')}
        required
        rules={[{ required: true, message: requiredText(t('sla.calendar.fields.timeZone')) }]}
        extra={t('sla.calendar.timeZoneHelp')}
      >
        <Select showSearch={{ optionFilterProp: 'label' }} options={zones} />
      </Form.Item>
      <Form.Item
        name="workingHours"
        label={t('sla.calendar.fields.week')}
        required
        // The message shows under the week, but only the wrong span is marked red (WorkingWeek), not every select.
        validateStatus=""
        rules={[
          {
            validator: async (_rule, value: Values['workingHours'] | undefined) => {
              const found = calendarProblem(value ?? []);
              if (found) throw new Error(t(`messages.slaCalendar.${found.code}`));
            },
          },
        ]}
      >
        <WorkingWeek wrongIndex={problem && problem.path.length > 1 ? (problem.path[1] as number) : undefined} />
      </Form.Item>
      <Form.Item
        name="extraHolidays"
        label={t('sla.calendar.fields.extraHolidays')}
        extra={t('sla.calendar.extraHolidaysHelp')}
      >
        <ExtraHolidays />
      </Form.Item>
      <Form.Item name="status" label={t('sla.calendar.fields.status')}>
        <Select options={statusOptions} />
      </Form.Item>
    </>
  );
}
