import { useCallback, useRef } from 'react';
import { Col, Form, type FormInstance, Input, InputNumber, Radio, Row, Select, Typography } from 'antd';
import { DatePicker } from '../../../platform/forms/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  defaultCron,
  scheduleJobCreateSchema,
  scheduleJobMessages,
  validateQuartzCron,
  type ScheduleJob,
} from '@casedesk/shared';
import { CronEditor } from '../../../platform/cron/CronEditor';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import { blanksToNull, type DateValue, type FormValuesOf } from '../../../platform/crud/values';
import { schemaRule } from '../../../platform/form-rules';
import { seededSaved, seededShown } from '../../../platform/labels/labels';
import { translateServerMessage } from '../../../platform/server-messages';
import { scheduleJobApi, useJobHandlers } from '../api';
import { paramsSummary, paramsTemplate, parseParams } from './job-params';
import { useHandlerTitle } from './job-texts';

// The parameters are edited as JSON text and the times with date pickers; toBody parses and formats them back.
type Values = FormValuesOf<
  typeof scheduleJobCreateSchema,
  { jobParams: string; beginTime: DateValue; endTime: DateValue }
>;

const fields = scheduleJobCreateSchema.shape;
const time = (value: string | null) => (value ? dayjs(value) : null);

type Translate = (key: string) => string;

// A default job's name and remark are seeded texts (by its class name): shown in the reader's words, saved back as seeded
// while left as shown.
const toForm = (job: ScheduleJob, t: Translate): Values => ({
  name: seededShown(t, 'job', job.className, job.name),
  jobGroup: job.jobGroup,
  className: job.className,
  jobParams: JSON.stringify(job.jobParams, null, 2),
  triggerType: job.triggerType,
  cron: job.cron ?? defaultCron,
  intervalSecond: job.intervalSecond,
  cycleRunTimes: job.cycleRunTimes,
  beginTime: time(job.beginTime),
  endTime: time(job.endTime),
  remark: job.remark === null ? null : seededShown(t, 'jobRemark', job.className, job.remark),
});

const toBody = (v: Values, job: ScheduleJob | null, t: Translate) => ({
  ...blanksToNull(v, ['remark']),
  name: seededSaved(t, 'job', job?.className, job?.name, v.name),
  remark: v.remark?.trim() ? seededSaved(t, 'jobRemark', job?.className, job?.remark, v.remark) : null,
  jobParams: parseParams(v.jobParams) ?? {},
  // Only the chosen trigger's setting is sent; the other is cleared so that the record says what runs it.
  cron: v.triggerType === 'Cron' ? v.cron : null,
  intervalSecond: v.triggerType === 'Interval' ? v.intervalSecond : null,
  beginTime: v.beginTime ? v.beginTime.toISOString() : null,
  endTime: v.endTime ? v.endTime.toISOString() : null,
});

const defaults: Partial<Values> = {
  jobGroup: 'default',
  jobParams: '{}',
  triggerType: 'Cron',
  cron: defaultCron,
  intervalSecond: 60,
  cycleRunTimes: 0,
  beginTime: null,
  endTime: null,
};

/** Create or edit a scheduled job: the handler and its parameters, the trigger (cron or interval) and its window. */
export function ScheduleJobEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const loaded = useRef<ScheduleJob | null>(null);
  const shown = useCallback(
    (job: ScheduleJob) => {
      loaded.current = job;
      return toForm(job, t);
    },
    [t],
  );
  const saved = useCallback((v: Values) => toBody(v, id === null ? null : loaded.current, t), [id, t]);
  return (
    <EditorDrawer<ScheduleJob, Values>
      api={scheduleJobApi}
      id={id}
      onClose={onClose}
      title={id === null ? t('scheduleJob.create') : t('scheduleJob.edit')}
      width={780}
      defaults={defaults}
      toForm={shown}
      toBody={saved}
    >
      {(form) => <JobFields form={form} />}
    </EditorDrawer>
  );
}

/** The form's fields: a component of its own, as it watches the chosen handler and trigger. */
function JobFields({ form }: { form: FormInstance<Values> }) {
  const { t } = useTranslation();
  const handlers = useJobHandlers();
  const handlerTitle = useHandlerTitle(handlers.data);
  const className = Form.useWatch('className', form);
  const triggerType = Form.useWatch('triggerType', form) ?? 'Cron';
  const schema = handlers.data?.find((h) => h.className === className)?.paramsSchema;
  const summary = paramsSummary(schema);
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={14}>
          <Form.Item name="name" label={t('scheduleJob.fields.name')} required rules={[schemaRule(fields.name)]}>
            <Input maxLength={100} autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item
            name="jobGroup"
            label={t('scheduleJob.fields.jobGroup')}
            required
            rules={[schemaRule(fields.jobGroup)]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="className"
        label={t('scheduleJob.fields.className')}
        required
        rules={[schemaRule(fields.className)]}
      >
        <Select
          className="job-handler"
          showSearch={{ optionFilterProp: 'label' }}
          loading={handlers.isLoading}
          placeholder={t('scheduleJob.chooseHandler')}
          options={(handlers.data ?? []).map((h) => ({
            value: h.className,
            label: handlerTitle(h.className),
            className: h.className,
          }))}
          optionRender={(option) => (
            <div>
              <div>{option.label}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {option.value}
              </Typography.Text>
            </div>
          )}
          onChange={(value: string) => {
            // A new handler starts from its own defaults unless parameters were already typed.
            const typed = parseParams(form.getFieldValue('jobParams') as string);
            const next = handlers.data?.find((h) => h.className === value)?.paramsSchema;
            if (typed && Object.keys(typed).length === 0) form.setFieldValue('jobParams', paramsTemplate(next));
          }}
        />
      </Form.Item>
      <Form.Item
        name="jobParams"
        label={t('scheduleJob.fields.jobParams')}
        extra={
          summary.length > 0 ? (
            <span className="job-params-hint">{t('scheduleJob.paramsHint', { list: summary.join(', ') })}</span>
          ) : undefined
        }
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (parseParams(value) === null) throw new Error(t('scheduleJob.paramsNotJson'));
            },
          },
        ]}
      >
        <Input.TextArea
          className="job-params"
          autoSize={{ minRows: 2, maxRows: 8 }}
          spellCheck={false}
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
        />
      </Form.Item>
      <Form.Item name="triggerType" label={t('scheduleJob.fields.triggerType')}>
        <Radio.Group
          className="job-trigger"
          optionType="button"
          options={(['Cron', 'Interval'] as const).map((value) => ({
            value,
            label: t(`scheduleJob.trigger.${value}`),
          }))}
        />
      </Form.Item>
      {triggerType === 'Cron' ? (
        <Form.Item
          name="cron"
          label={t('scheduleJob.fields.cron')}
          required
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const problem = value ? validateQuartzCron(value) : null;
                if (!value) throw new Error(translateServerMessage(scheduleJobMessages.cronRequired));
                if (problem) throw new Error(translateServerMessage(problem.message));
              },
            },
          ]}
        >
          <CronEditor />
        </Form.Item>
      ) : (
        <Form.Item
          name="intervalSecond"
          label={t('scheduleJob.fields.intervalSecond')}
          required
          rules={[schemaRule(fields.intervalSecond.unwrap().unwrap())]}
        >
          <InputNumber
            className="job-interval"
            min={1}
            precision={0}
            suffix={t('scheduleJob.seconds')}
            style={{ width: 200 }}
          />
        </Form.Item>
      )}
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item
            name="cycleRunTimes"
            label={t('scheduleJob.fields.cycleRunTimes')}
            tooltip={t('scheduleJob.cycleHint')}
            rules={[schemaRule(fields.cycleRunTimes.unwrap())]}
          >
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="beginTime" label={t('scheduleJob.fields.beginTime')}>
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="endTime"
            label={t('scheduleJob.fields.endTime')}
            dependencies={['beginTime']}
            rules={[
              {
                validator: async (_rule, end: Dayjs | null) => {
                  const begin = form.getFieldValue('beginTime') as Dayjs | null;
                  if (begin && end && end.isBefore(begin))
                    throw new Error(translateServerMessage(scheduleJobMessages.endBeforeBegin));
                },
              },
            ]}
          >
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="remark" label={t('scheduleJob.fields.remark')} rules={[schemaRule(fields.remark)]}>
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </>
  );
}
