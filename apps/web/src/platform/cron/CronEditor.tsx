import { useEffect, useMemo, useState, type ReactNode, type Ref } from 'react';
import { DownOutlined, ThunderboltOutlined } from '@ant-design/icons';
import {
  Button,
  Checkbox,
  Dropdown,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Tabs,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { validateQuartzCron } from '@casedesk/shared';
import { usePublicSettings } from '../public-settings';
import {
  cronFieldNames,
  cronShortcuts,
  defaultCron,
  fieldBounds,
  fieldInMode,
  fieldModes,
  formatCron,
  parseCron,
  weekOfMonthBounds,
  withField,
  type CronField,
  type CronFieldName,
  type CronMode,
  type CronShortcut,
} from './cron-fields';
import { CronNextRuns } from './CronNextRuns';
import './cron-editor.css';

type Props = {
  /** The Quartz text (Form.Item passes it); empty means the default `* * * * * ?`. */
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  disabled?: boolean;
  /** Form.Item's ref: a server error on the field finds the editor by it. */
  ref?: Ref<HTMLDivElement>;
};

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);

/**
 * The cron editor of spec section 5: the text, a tab per field (every / range / step / specific values and
 * Quartz's day and week forms), the shortcuts, and the next five runs in the server's time zone as the user types.
 * Every text typed goes to the form as typed: one the server would refuse (`banana`) is marked invalid with the
 * shared reason under it, and the form's rule refuses to save it (it never turns into the default).
 */
export function CronEditor({ value, onChange, id, disabled, ref }: Props) {
  const { t } = useTranslation();
  const { timeZone } = usePublicSettings();
  const committed = value ?? defaultCron;
  const [draft, setDraft] = useState(committed);
  const [tab, setTab] = useState<CronFieldName>('second');

  // A new value from outside (a loaded record, a form reset) replaces what is typed.
  useEffect(() => {
    setDraft((typed) => (typed.trim() === committed.trim() ? typed : committed));
  }, [committed]);

  const invalid = useMemo(() => validateQuartzCron(draft) !== null, [draft]);
  // In a form whose rule already says why the text is refused, the preview does not say it a second time.
  const { status } = Form.Item.useStatus();
  const fields = useMemo(() => {
    const parsed = parseCron(committed);
    return parsed.ok ? parsed.fields : null;
  }, [committed]);

  const commit = (text: string) => {
    setDraft(text);
    onChange?.(text);
  };
  const setField = (name: CronFieldName, field: CronField) => {
    if (fields) commit(formatCron(withField(fields, name, field)));
  };

  return (
    <div className="cron-editor" id={id} ref={ref}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          className="cron-text"
          value={draft}
          disabled={disabled}
          placeholder={defaultCron}
          aria-label={t('cron.expression')}
          onChange={(e) => commit(e.target.value)}
          status={invalid ? 'error' : undefined}
          aria-invalid={invalid}
        />
        <Dropdown
          disabled={disabled}
          trigger={['click']}
          menu={{
            className: 'cron-shortcuts',
            items: (Object.keys(cronShortcuts) as CronShortcut[]).map((key) => ({
              key,
              label: (
                <Flex justify="space-between" gap={16}>
                  <span>{t(`cron.shortcut.${key}`)}</span>
                  <Typography.Text type="secondary" code>
                    {cronShortcuts[key]}
                  </Typography.Text>
                </Flex>
              ),
            })),
            onClick: ({ key }) => commit(cronShortcuts[key as CronShortcut]),
          }}
        >
          <Button className="cron-shortcut-button" icon={<ThunderboltOutlined />}>
            {t('cron.shortcuts')} <DownOutlined />
          </Button>
        </Dropdown>
      </Space.Compact>
      {fields && (
        <Tabs
          className="cron-fields"
          size="small"
          activeKey={tab}
          onChange={(key) => setTab(key as CronFieldName)}
          items={cronFieldNames.map((name) => ({
            key: name,
            label: t(`cron.field.${name}`),
            children: (
              <FieldModes name={name} field={fields[name]} disabled={disabled} onChange={(f) => setField(name, f)} />
            ),
          }))}
        />
      )}
      <CronNextRuns cron={draft} timeZone={timeZone} problemShown={status === 'error'} />
    </div>
  );
}

type FieldProps = {
  name: CronFieldName;
  field: CronField;
  disabled?: boolean;
  onChange: (field: CronField) => void;
};

/**
 * One tab: the field's modes as radio rows, each with its inputs; editing a row's input also chooses that row. The
 * value grid shows only while "specific values" is chosen, so that a tab stays short.
 */
function FieldModes({ name, field, disabled, onChange }: FieldProps) {
  const { t } = useTranslation();
  const { min, max } = fieldBounds(name);
  const unit = t(`cron.unit.${name}`);
  const units = t(`cron.units.${name}`);
  const modes: CronMode[] = field.mode === 'custom' ? [...fieldModes[name], 'custom'] : fieldModes[name];
  // What a row shows: the field itself when it is in that mode, else the mode's first values.
  const shown = <M extends CronMode>(mode: M) => fieldInMode(name, mode, field) as Extract<CronField, { mode: M }>;
  const number = (value: number, set: (v: number) => void, bounds = { min, max }) => (
    <InputNumber
      size="small"
      min={bounds.min}
      max={bounds.max}
      precision={0}
      value={value}
      disabled={disabled}
      onChange={(v) => typeof v === 'number' && set(v)}
      style={{ width: 76 }}
    />
  );
  const valueLabel = (v: number) => (name === 'week' ? t(`cron.weekday.${v}`) : String(v));
  const valueSelect = (value: number, set: (v: number) => void) => (
    <Select
      size="small"
      value={value}
      disabled={disabled}
      onChange={set}
      options={range(min, max).map((v) => ({ value: v, label: valueLabel(v) }))}
      popupMatchSelectWidth={false}
      style={{ width: name === 'week' ? 110 : 90 }}
    />
  );
  // Weekdays and years are chosen by name from a short list; the other fields take a number in their bounds.
  const pick = name === 'week' || name === 'year' ? valueSelect : number;

  const row = (mode: CronMode): ReactNode => {
    switch (mode) {
      case 'every':
        return t('cron.mode.every', { unit });
      case 'unspecified':
        return t(name === 'year' ? 'cron.mode.anyYear' : 'cron.mode.unspecified');
      case 'range': {
        const r = shown('range');
        return (
          <Space size={6} wrap>
            {t('cron.mode.rangeFrom')}
            {pick(r.from, (from) => onChange({ ...r, from, to: Math.max(from, r.to) }))}
            {t('cron.mode.rangeTo')}
            {pick(r.to, (to) => onChange({ ...r, to, from: Math.min(r.from, to) }))}
          </Space>
        );
      }
      case 'step': {
        const s = shown('step');
        return (
          <Space size={6} wrap>
            {t('cron.mode.stepStart')}
            {pick(s.start, (start) => onChange({ ...s, start }))}
            {t('cron.mode.stepEvery')}
            {number(s.every, (every) => onChange({ ...s, every }), { min: 1, max: max - min + 1 })}
            {t('cron.mode.stepUnit', { units })}
          </Space>
        );
      }
      case 'nearestWorkday': {
        const w = shown('nearestWorkday');
        return (
          <Space size={6} wrap>
            {t('cron.mode.nearestWorkdayBefore')}
            {number(w.day, (day) => onChange({ ...w, day }))}
            {t('cron.mode.nearestWorkdayAfter')}
          </Space>
        );
      }
      case 'lastDay':
        return t('cron.mode.lastDay');
      case 'lastWorkday':
        return t('cron.mode.lastWorkday');
      case 'nthWeekday': {
        const n = shown('nthWeekday');
        return (
          <Space size={6} wrap>
            {t('cron.mode.nthBefore')}
            {number(n.nth, (nth) => onChange({ ...n, nth }), weekOfMonthBounds)}
            {t('cron.mode.nthMiddle')}
            {valueSelect(n.weekday, (weekday) => onChange({ ...n, weekday }))}
          </Space>
        );
      }
      case 'lastWeekday': {
        const l = shown('lastWeekday');
        return (
          <Space size={6} wrap>
            {t('cron.mode.lastWeekday')}
            {valueSelect(l.weekday, (weekday) => onChange({ ...l, weekday }))}
          </Space>
        );
      }
      case 'list':
        return t('cron.mode.list');
      case 'custom':
        return t('cron.mode.custom', { text: field.mode === 'custom' ? field.text : '' });
    }
  };

  return (
    <Radio.Group
      className={`cron-field cron-field-${name}`}
      vertical
      disabled={disabled}
      value={field.mode}
      onChange={(e) => onChange(fieldInMode(name, e.target.value as CronMode, field))}
    >
      {modes.map((mode) => (
        <div key={mode} className="cron-mode">
          <Radio value={mode}>{row(mode)}</Radio>
          {mode === 'list' && field.mode === 'list' && (
            <Checkbox.Group
              className={`cron-values cron-values-${name}`}
              disabled={disabled}
              value={field.values}
              onChange={(values) => onChange({ mode: 'list', values: [...values].sort((a, b) => a - b) })}
              options={range(min, max).map((v) => ({
                value: v,
                label: name === 'week' ? t(`cron.weekdayShort.${v}`) : String(v).padStart(name === 'year' ? 4 : 2, '0'),
              }))}
            />
          )}
        </div>
      ))}
    </Radio.Group>
  );
}
