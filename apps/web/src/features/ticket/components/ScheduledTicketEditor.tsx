import { Col, Divider, Form, Radio, Row, Switch, type FormInstance } from 'antd';
import { DatePicker } from '../../../platform/forms/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { grantsToSend, scheduledTicketMessages, validateQuartzCron, type ScheduledTicket } from '@casedesk/shared';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import { CronEditor } from '../../../platform/cron/CronEditor';
import { requiredText } from '../../../platform/form-rules';
import { translateServerMessage } from '../../../platform/server-messages';
import { scheduledTicketApi } from '../api';
import { TicketFormMain } from './TicketFormMain';
import { TicketFormSide } from './TicketFormSide';
import type { TicketFormValues } from './ticket-form-values';

/** The template's fields as the ticket form names them, plus the recurrence. */
type Values = Omit<TicketFormValues, 'ticketFrom' | 'parentTicket' | 'scheduledDate' | 'attachments'> & {
  recurrence: 'cron' | 'once';
  cron?: string;
  runAt?: Dayjs | null;
  enabled: boolean;
};

/** Daily at 9:00: a schedule that makes sense for tickets (the cron editor's own default fires every second). */
const defaults: Partial<Values> = {
  priority: 'Medium',
  privateTicket: false,
  grantAccess: [],
  recurrence: 'cron',
  cron: '0 0 9 * * ?',
  enabled: true,
};

const toForm = (s: ScheduledTicket): Partial<Values> => ({
  subject: s.subject,
  content: s.content,
  projectId: s.projectId,
  categoryId: s.categoryId,
  companyId: s.companyId,
  businessUnit: s.businessUnit,
  priority: s.priority,
  ticketType: s.ticketType,
  customer: s.customer,
  customerEmail: s.customerEmail,
  telephone: s.telephone,
  assignTo: s.assignTo,
  privateTicket: s.privateTicket,
  grantAccess: s.grantAccess,
  recurrence: s.cron ? 'cron' : 'once',
  cron: s.cron ?? defaults.cron,
  runAt: s.scheduledDate ? dayjs(s.scheduledDate) : null,
  enabled: s.enabled,
});

const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

const toBody = (v: Values) => ({
  subject: v.subject.trim(),
  content: v.content ?? '',
  projectId: v.projectId,
  categoryId: v.categoryId ?? null,
  companyId: v.companyId ?? null,
  businessUnit: text(v.businessUnit),
  priority: v.priority,
  ticketType: text(v.ticketType),
  customer: text(v.customer),
  customerEmail: text(v.customerEmail),
  telephone: text(v.telephone),
  assignTo: v.assignTo ?? null,
  privateTicket: v.privateTicket,
  grantAccess: grantsToSend(v.privateTicket, v.grantAccess),
  cron: v.recurrence === 'cron' ? (v.cron ?? null) : null,
  scheduledDate: v.recurrence === 'once' && v.runAt ? v.runAt.toISOString() : null,
  enabled: v.enabled,
});

/** Create and edit a scheduled ticket: the ticket form's fields (no files, source or parent) and when it runs. */
export function ScheduledTicketEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <EditorDrawer<ScheduledTicket, Values>
      api={scheduledTicketApi}
      id={id}
      onClose={onClose}
      title={id === null ? t('ticket.scheduled.create') : t('ticket.scheduled.edit')}
      width={1080}
      defaults={defaults}
      toForm={toForm}
      toBody={toBody}
    >
      {(form, detail) => (
        <Row gutter={24} className="scheduled-ticket-form">
          <Col xs={24} lg={14}>
            <TicketFormMain />
            <Divider titlePlacement="start" plain>
              {t('ticket.scheduled.sections.recurrence')}
            </Divider>
            <Recurrence form={form} />
          </Col>
          <Col xs={24} lg={10}>
            <TicketFormSide
              template
              ticket={detail && { ...detail, projectName: null, categoryName: null, companyName: null }}
            />
          </Col>
        </Row>
      )}
    </EditorDrawer>
  );
}

/** Cron (with the cron editor) or one date and time, and whether it is switched on. */
function Recurrence({ form }: { form: FormInstance<Values> }) {
  const { t } = useTranslation();
  const recurrence = Form.useWatch('recurrence', form);
  return (
    <>
      <Row gutter={16} align="middle">
        <Col flex="auto">
          <Form.Item name="recurrence" label={t('ticket.scheduled.fields.recurrence')}>
            <Radio.Group
              className="scheduled-recurrence"
              optionType="button"
              options={[
                { value: 'cron', label: t('ticket.scheduled.recurrence.cron') },
                { value: 'once', label: t('ticket.scheduled.recurrence.once') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col>
          <Form.Item name="enabled" label={t('ticket.scheduled.fields.enabled')} valuePropName="checked">
            <Switch className="scheduled-enabled" />
          </Form.Item>
        </Col>
      </Row>
      {recurrence === 'once' ? (
        <Form.Item
          name="runAt"
          label={t('ticket.scheduled.fields.scheduledDate')}
          required
          rules={[
            {
              validator: async (_rule, value: Dayjs | null | undefined) => {
                if (!value) throw new Error(requiredText());
                if (value.isBefore(dayjs()) && form.isFieldTouched('runAt'))
                  throw new Error(translateServerMessage(scheduledTicketMessages.dateInPast));
              },
            },
          ]}
        >
          <DatePicker
            className="scheduled-run-at"
            showTime={{ format: 'HH:mm:ss' }}
            disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
            style={{ width: '100%' }}
          />
        </Form.Item>
      ) : (
        <Form.Item
          name="cron"
          label={t('ticket.scheduled.fields.cron')}
          required
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if (!value) throw new Error(requiredText());
                const problem = validateQuartzCron(value);
                if (problem) throw new Error(translateServerMessage(problem.message));
              },
            },
          ]}
        >
          <CronEditor />
        </Form.Item>
      )}
    </>
  );
}
