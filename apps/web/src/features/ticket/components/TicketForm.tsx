import { useMemo, useState } from 'react';
import { CloseOutlined, LinkOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Divider,
  Form,
  Input,
  Row,
  Select,
  Space,
  Switch,
  Typography,
  type FormRule,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  ticketCreateSchema,
  ticketFroms,
  ticketMessages,
  ticketPriorities,
  type TicketCreate,
  type TicketDetail,
  type TicketFrom,
  type TicketPriority,
} from '@casedesk/shared';
import { feedback } from '../../../platform/feedback';
import { useFormFill } from '../../../platform/form-fill';
import { schemaRule } from '../../../platform/form-rules';
import { ApiError } from '../../../platform/http/client';
import { translateServerMessage } from '../../../platform/server-messages';
import { useCreateTicket, useTicketFormOptions, useUpdateTicket } from '../api';
import { AttachmentUploader, type Attachment } from './AttachmentUploader';
import { RichTextEditor } from './RichTextEditor';
import { TicketPickerModal, type PickedTicket } from './TicketPickerModal';
import { isConflict, translateTicketMessage } from './ticket-messages';

type Values = {
  subject: string;
  content?: string;
  projectId?: number;
  categoryId?: number | null;
  companyId?: number | null;
  businessUnit?: string | null;
  priority: TicketPriority;
  ticketType?: string | null;
  ticketFrom: TicketFrom;
  customer?: string | null;
  customerEmail?: string | null;
  telephone?: string | null;
  assignTo?: number | null;
  parentTicket?: PickedTicket | null;
  privateTicket: boolean;
  grantAccess?: number[];
  scheduledDate?: Dayjs | null;
  attachments?: Attachment[];
};

const fields = ticketCreateSchema.shape;

/** A shared-schema rule that lets an empty optional field through. */
const optionalRule = (schema: z.ZodType): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    const result = schema.safeParse(value);
    if (!result.success) throw new Error(translateServerMessage(result.error.issues[0]?.message ?? ''));
  },
});

function valuesOf(ticket: TicketDetail): Values {
  return {
    subject: ticket.subject,
    content: ticket.content,
    projectId: ticket.projectId,
    categoryId: ticket.categoryId,
    companyId: ticket.companyId,
    businessUnit: ticket.businessUnit,
    priority: ticket.priority,
    ticketType: ticket.ticketType,
    ticketFrom: ticket.ticketFrom,
    customer: ticket.customer,
    customerEmail: ticket.customerEmail,
    telephone: ticket.telephone,
    assignTo: ticket.assignTo,
    parentTicket: ticket.parent,
    privateTicket: ticket.privateTicket,
    grantAccess: ticket.grantAccess,
    scheduledDate: ticket.scheduledDate ? dayjs(ticket.scheduledDate) : null,
    attachments: ticket.files.map((f) => ({ fileId: f.fileId, name: f.name, size: f.size })),
  };
}

const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

function bodyOf(values: Values): TicketCreate {
  return {
    subject: values.subject.trim(),
    content: values.content ?? '',
    projectId: values.projectId!,
    categoryId: values.categoryId ?? null,
    companyId: values.companyId ?? null,
    businessUnit: text(values.businessUnit),
    priority: values.priority,
    ticketType: text(values.ticketType),
    ticketFrom: values.ticketFrom,
    customer: text(values.customer),
    customerEmail: text(values.customerEmail),
    telephone: text(values.telephone),
    assignTo: values.assignTo ?? null,
    parentTicket: values.parentTicket?.id ?? null,
    privateTicket: values.privateTicket,
    grantAccess: values.privateTicket ? (values.grantAccess ?? []) : [],
    attachments: (values.attachments ?? []).map((f) => f.fileId),
    scheduledDate: values.scheduledDate ? values.scheduledDate.toISOString() : null,
  };
}

/** The parent ticket as a form control: shows the chosen ticket, opens the dialog list to choose another. */
function ParentTicketField({
  value,
  onChange,
  excludeId,
}: {
  value?: PickedTicket | null;
  onChange?: (value: PickedTicket | null) => void;
  excludeId?: number;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          readOnly
          prefix={<LinkOutlined />}
          value={value ? `${value.caseNumber} · ${value.subject}` : ''}
          placeholder={t('ticket.fields.parentTicket')}
          aria-label={t('ticket.fields.parentTicket')}
          onClick={() => setOpen(true)}
        />
        {value && (
          <Button icon={<CloseOutlined />} aria-label={t('ticket.form.clearParent')} onClick={() => onChange?.(null)} />
        )}
        <Button onClick={() => setOpen(true)} className="ticket-choose-parent">
          {t('ticket.form.chooseParent')}
        </Button>
      </Space.Compact>
      <TicketPickerModal
        open={open}
        excludeId={excludeId}
        onClose={() => setOpen(false)}
        onPick={(ticket) => {
          onChange?.(ticket);
          setOpen(false);
        }}
      />
    </>
  );
}

/** The ticket create and edit form (spec section 2). `ticket` given: edit it, sending its `rowVersion`. */
export function TicketForm({ ticket, onReload }: { ticket?: TicketDetail; onReload?: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [uploading, setUploading] = useState(false);
  const options = useTicketFormOptions();
  const create = useCreateTicket();
  const update = useUpdateTicket();
  const saving = create.isPending || update.isPending;

  useFormFill(form, ticket, valuesOf);

  const projectId = Form.useWatch('projectId', form);
  const categoryId = Form.useWatch('categoryId', form);
  const privateTicket = Form.useWatch('privateTicket', form);
  const data = options.data;
  const project = data?.projects.find((p) => p.id === projectId);
  const categories = useMemo(
    () => (data?.categories ?? []).filter((c) => projectId !== undefined && c.projectIds.includes(projectId)),
    [data, projectId],
  );
  const companies = useMemo(
    () =>
      (data?.companies ?? []).filter(
        (c) => !project || project.companyIds.length === 0 || project.companyIds.includes(c.id),
      ),
    [data, project],
  );
  const users = useMemo(
    () => (data?.users ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.loginName})` })),
    [data],
  );
  // A ticket being edited may sit in a project the user no longer has: still show its name.
  const projectOptions = [
    ...(data?.projects ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.code})` })),
    ...(ticket && !data?.projects.some((p) => p.id === ticket.projectId)
      ? [{ value: ticket.projectId, label: ticket.projectName ?? String(ticket.projectId) }]
      : []),
  ];
  const categoryOptions = [
    ...categories.map((c) => ({ value: c.id, label: c.name })),
    ...(ticket?.categoryId && !categories.some((c) => c.id === ticket.categoryId) && projectId === ticket.projectId
      ? [{ value: ticket.categoryId, label: ticket.categoryName ?? String(ticket.categoryId) }]
      : []),
  ];
  const defaultAssignee = data?.categories.find((c) => c.id === categoryId)?.newTicketAssignee;
  const defaultAssigneeName = data?.users.find((u) => u.id === defaultAssignee)?.name;

  const onProjectChange = (id: number | undefined) => {
    const next = data?.projects.find((p) => p.id === id);
    const current = form.getFieldsValue(['categoryId', 'companyId', 'businessUnit']);
    const patch: Partial<Values> = {};
    if (
      current.categoryId &&
      !data?.categories.some((c) => c.id === current.categoryId && id && c.projectIds.includes(id))
    )
      patch.categoryId = null;
    if (current.companyId && next && next.companyIds.length > 0 && !next.companyIds.includes(current.companyId))
      patch.companyId = null;
    if (!current.businessUnit && next?.businessUnit) patch.businessUnit = next.businessUnit;
    form.setFieldsValue(patch);
  };

  const showError = (error: unknown) => {
    if (!(error instanceof ApiError) || error.kind !== 'http' || error.status === 403) return;
    if (isConflict(error)) {
      modal.confirm({
        title: t('ticket.form.conflictTitle'),
        content: t('ticket.form.conflictText'),
        okText: t('ticket.form.reload'),
        cancelText: t('ticket.form.keepEditing'),
        onOk: () => onReload?.(),
      });
      return;
    }
    const known = error.fieldErrors.filter((f) => f.field && form.getFieldInstance(f.field) !== undefined);
    if (known.length > 0)
      form.setFields(
        known.map((f) => ({ name: f.field as keyof Values, errors: [translateTicketMessage(f.message)] })),
      );
    const translated = translateTicketMessage(error.message);
    const isKnown = translated !== error.message || error.message === ticketMessages.noAssignee;
    if (isKnown || ticket) feedback.error(translated);
    else feedback.error(`${t('ticket.messages.submitFailed')} (${translated})`);
  };

  const onFinish = (values: Values) => {
    if (uploading) {
      feedback.warning(t('ticket.form.uploading'));
      return;
    }
    const body = bodyOf(values);
    if (!ticket) {
      create.mutate(body, {
        onSuccess: (saved) => {
          feedback.success(t('ticket.messages.submitted'));
          form.resetFields();
          void navigate(`/ticket/info/${saved.id}`);
        },
        onError: showError,
      });
      return;
    }
    update.mutate(
      { ...body, id: ticket.id, rowVersion: ticket.rowVersion },
      {
        onSuccess: (saved) => {
          feedback.success(t('ticket.form.saved'));
          void navigate(`/ticket/info/${saved.id}`);
        },
        onError: showError,
      },
    );
  };

  return (
    <Card
      className="ticket-form-card"
      title={ticket ? t('ticket.form.editTitle', { caseNumber: ticket.caseNumber }) : t('ticket.form.createTitle')}
    >
      <Form<Values>
        form={form}
        name="ticket"
        layout="vertical"
        className="ticket-form"
        initialValues={{
          priority: 'Medium',
          ticketFrom: 'Web',
          privateTicket: false,
          grantAccess: [],
          attachments: [],
        }}
        onFinish={onFinish}
        scrollToFirstError
      >
        <Row gutter={24}>
          <Col xs={24} xl={16}>
            <Form.Item
              name="subject"
              label={t('ticket.fields.subject')}
              rules={[{ required: true, message: t('common.required') }, schemaRule(fields.subject)]}
            >
              <Input maxLength={200} showCount />
            </Form.Item>
            <Form.Item name="content" label={t('ticket.fields.content')} rules={[optionalRule(fields.content)]}>
              <RichTextEditor aria-label={t('ticket.fields.content')} />
            </Form.Item>
            <Divider titlePlacement="start" plain>
              {t('ticket.form.sections.customer')}
            </Divider>
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item name="customer" label={t('ticket.fields.customer')} rules={[optionalRule(fields.customer)]}>
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="customerEmail"
                  label={t('ticket.fields.customerEmail')}
                  rules={[optionalRule(fields.customerEmail)]}
                >
                  <Input maxLength={200} type="email" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="telephone"
                  label={t('ticket.fields.telephone')}
                  rules={[optionalRule(fields.telephone)]}
                >
                  <Input maxLength={50} />
                </Form.Item>
              </Col>
            </Row>
            <Divider titlePlacement="start" plain>
              {t('ticket.form.sections.attachments')}
            </Divider>
            <Form.Item name="attachments" className="ticket-attachments-item">
              <AttachmentUploader onBusyChange={setUploading} />
            </Form.Item>
          </Col>
          <Col xs={24} xl={8}>
            <Form.Item
              name="projectId"
              label={t('ticket.fields.projectId')}
              rules={[{ required: true, message: t('common.required') }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={options.isPending}
                options={projectOptions}
                onChange={onProjectChange}
              />
            </Form.Item>
            <Form.Item name="categoryId" label={t('ticket.fields.categoryId')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                disabled={!projectId}
                placeholder={projectId ? undefined : t('ticket.form.selectProject')}
                options={categoryOptions}
              />
            </Form.Item>
            <Form.Item name="companyId" label={t('ticket.fields.companyId')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={[
                  ...companies.map((c) => ({ value: c.id, label: c.name })),
                  ...(ticket?.companyId && !companies.some((c) => c.id === ticket.companyId)
                    ? [{ value: ticket.companyId, label: ticket.companyName ?? String(ticket.companyId) }]
                    : []),
                ]}
              />
            </Form.Item>
            <Form.Item
              name="businessUnit"
              label={t('ticket.fields.businessUnit')}
              rules={[optionalRule(fields.businessUnit)]}
            >
              <Input maxLength={100} />
            </Form.Item>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name="priority" label={t('ticket.fields.priority')}>
                  <Select options={ticketPriorities.map((p) => ({ value: p, label: t(`ticket.priority.${p}`) }))} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="ticketFrom" label={t('ticket.fields.ticketFrom')}>
                  <Select options={ticketFroms.map((f) => ({ value: f, label: t(`ticket.from.${f}`) }))} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item
              name="ticketType"
              label={t('ticket.fields.ticketType')}
              rules={[optionalRule(fields.ticketType)]}
            >
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item
              name="assignTo"
              label={t('ticket.fields.assignTo')}
              extra={
                defaultAssigneeName && !ticket
                  ? t('ticket.form.defaultAssignee', { name: defaultAssigneeName })
                  : undefined
              }
            >
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={ticket ? undefined : t('ticket.form.assignHint')}
                options={users}
              />
            </Form.Item>
            <Form.Item name="parentTicket" label={t('ticket.fields.parentTicket')}>
              <ParentTicketField excludeId={ticket?.id} />
            </Form.Item>
            <Form.Item name="scheduledDate" label={t('ticket.fields.scheduledDate')}>
              <DatePicker showTime={{ format: 'HH:mm' }} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="privateTicket"
              label={t('ticket.fields.privateTicket')}
              valuePropName="checked"
              extra={privateTicket ? t('ticket.form.privateHint') : undefined}
            >
              <Switch />
            </Form.Item>
            {privateTicket && (
              <Form.Item name="grantAccess" label={t('ticket.fields.grantAccess')}>
                <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} options={users} />
              </Form.Item>
            )}
          </Col>
        </Row>
        <Divider />
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} className="ticket-submit">
            {ticket ? t('ticket.form.save') : t('ticket.form.submit')}
          </Button>
          <Button onClick={() => void navigate(ticket ? `/ticket/info/${ticket.id}` : '/ticket/list')}>
            {t('ticket.form.cancel')}
          </Button>
          {uploading && <Typography.Text type="secondary">{t('ticket.form.uploading')}</Typography.Text>}
        </Space>
      </Form>
    </Card>
  );
}
