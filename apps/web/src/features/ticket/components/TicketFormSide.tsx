import { useMemo } from 'react';
import { Col, Form, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ticketFroms, ticketPriorities, type TicketDetail } from '@casedesk/shared';
import { requiredRule } from '../../../platform/form-rules';
import { DatePicker } from '../../../platform/forms/DatePicker';
import { DictionarySelect } from '../../../platform/pickers/DictionarySelect';
import { useTicketFormOptions } from '../api';
import { ParentTicketField } from './ParentTicketField';
import { TagSelect } from '../../../platform/pickers/TagSelect';
import { optionalRule, ticketFields as fields, type TicketFormValues } from './ticket-form-values';

/** A ticket being edited may point at a project, category or company the user can no longer pick: still name it. */
const keepCurrent = (current: number | null | undefined, offered: boolean, name: string | null | undefined) =>
  current && !offered ? [{ value: current, label: name ?? String(current) }] : [];

/** What the side column names when the record points at something the user can no longer pick. */
export type TicketFormCurrent = Pick<
  TicketDetail,
  | 'id'
  | 'projectId'
  | 'projectName'
  | 'categoryId'
  | 'categoryName'
  | 'companyId'
  | 'companyName'
  | 'businessUnit'
  | 'ticketType'
>;

/**
 * The ticket form's side column: where the ticket belongs (project, category, company, business unit),
 * how it is handled (priority, source, type, assignee, parent, schedule) and who may see it (private, grants).
 * `template`: a scheduled ticket's template, without what only a real ticket has (source, parent, date).
 */
export function TicketFormSide({ ticket, template = false }: { ticket?: TicketFormCurrent; template?: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<TicketFormValues>();
  const options = useTicketFormOptions();
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
  const projectOptions = [
    ...(data?.projects ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.code})` })),
    ...keepCurrent(ticket?.projectId, !!data?.projects.some((p) => p.id === ticket?.projectId), ticket?.projectName),
  ];
  const categoryOptions = [
    ...categories.map((c) => ({ value: c.id, label: c.name })),
    ...keepCurrent(
      ticket?.categoryId,
      categories.some((c) => c.id === ticket?.categoryId) || projectId !== ticket?.projectId,
      ticket?.categoryName,
    ),
  ];
  const companyOptions = [
    ...companies.map((c) => ({ value: c.id, label: c.name })),
    ...keepCurrent(
      ticket?.companyId,
      companies.some((c) => c.id === ticket?.companyId),
      ticket?.companyName,
    ),
  ];
  const defaultAssignee = data?.categories.find((c) => c.id === categoryId)?.newTicketAssignee;
  const defaultAssigneeName = data?.users.find((u) => u.id === defaultAssignee)?.name;

  // Another project: drop a category or company it does not offer, and take its business unit if none is set.
  const onProjectChange = (id: number | undefined) => {
    const next = data?.projects.find((p) => p.id === id);
    const current = form.getFieldsValue(['categoryId', 'companyId', 'businessUnit']);
    const patch: Partial<TicketFormValues> = {};
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

  return (
    <>
      <Form.Item name="projectId" label={t('ticket.fields.projectId')} rules={[requiredRule()]}>
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
        <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={companyOptions} />
      </Form.Item>
      <Form.Item
        name="businessUnit"
        label={t('ticket.fields.businessUnit')}
        rules={[optionalRule(fields.businessUnit)]}
      >
        <DictionarySelect code="businessUnit" />
      </Form.Item>
      <Row gutter={16}>
        <Col span={template ? 24 : 12}>
          <Form.Item name="priority" label={t('ticket.fields.priority')}>
            <Select options={ticketPriorities.map((p) => ({ value: p, label: t(`ticket.priority.${p}`) }))} />
          </Form.Item>
        </Col>
        {!template && (
          <Col span={12}>
            <Form.Item name="ticketFrom" label={t('ticket.fields.ticketFrom')}>
              <Select options={ticketFroms.map((f) => ({ value: f, label: t(`ticket.from.${f}`) }))} />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Form.Item name="ticketType" label={t('ticket.fields.ticketType')} rules={[optionalRule(fields.ticketType)]}>
        <DictionarySelect code="ticketType" maxLength={50} />
      </Form.Item>
      <Form.Item
        name="assignTo"
        label={t('ticket.fields.assignTo')}
        extra={
          defaultAssigneeName && !ticket ? t('ticket.form.defaultAssignee', { name: defaultAssigneeName }) : undefined
        }
      >
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={ticket ? undefined : t('ticket.form.assignHint')}
          options={users}
        />
      </Form.Item>
      {!template && (
        <>
          <Form.Item name="tags" label={t('ticket.fields.tags')} rules={[optionalRule(fields.tags)]}>
            <TagSelect placeholder={t('ticket.tags.add')} />
          </Form.Item>
          <Form.Item name="parentTicket" label={t('ticket.fields.parentTicket')}>
            <ParentTicketField excludeId={ticket?.id} />
          </Form.Item>
          <Form.Item name="scheduledDate" label={t('ticket.fields.scheduledDate')}>
            <DatePicker showTime={{ format: 'HH:mm' }} style={{ width: '100%' }} />
          </Form.Item>
        </>
      )}
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
    </>
  );
}
