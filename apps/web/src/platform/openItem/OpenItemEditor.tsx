import { useMemo, useRef } from 'react';
import { App, Col, Form, Input, Row, Select, type FormInstance } from 'antd';
import { DatePicker } from '../forms/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  loeSchema,
  openItemClosedStatuses,
  openItemCreateSchema,
  openItemStatuses,
  ticketPriorities,
  type OpenItemDetail,
  type OpenItemStatus,
} from '@casedesk/shared';
import { EditorDrawer } from '../crud/EditorDrawer';
import { resourceKeys } from '../crud/resource-api';
import type { DateValue, FormValuesOf } from '../crud/values';
import { requiredRule, schemaRule } from '../form-rules';
import { DecimalInput } from '../forms/DecimalInput';
import { searchTickets, ticketLabel } from '../pickers/lookups';
import { RemoteSelect } from '../pickers/RemoteSelect';
import { openItemApi, useOpenItemChoices, useTaskCategories } from './open-item-api';

// The dates are date pickers' values (toBody sends ISO days), the effort a text box (the schema takes a number too),
// the ticket and project pickers start empty.
type Values = FormValuesOf<
  typeof openItemCreateSchema,
  {
    ticketId?: number | null;
    projectId: number | null;
    openDate: DateValue;
    approvedDate: DateValue;
    loe: string | null;
  }
>;

const fields = openItemCreateSchema.shape;
type Choice = { value: number; label: string };
/** The choices, with the record's current value kept even when it is not among them (a former member). */
const withKnown = (options: Choice[], id: number | null | undefined, name: string | null | undefined): Choice[] =>
  id && !options.some((o) => o.value === id) ? [{ value: id, label: name ?? String(id) }, ...options] : options;
const day = (v: Dayjs | null) => (v ? v.format('YYYY-MM-DD') : null);
const blank = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

const toForm = (d: OpenItemDetail): Values => ({
  description: d.description,
  status: d.status,
  priority: d.priority,
  taskCategory: d.taskCategory,
  projectId: d.projectId,
  pointOfContact: d.pointOfContact,
  openDate: dayjs(d.openDate),
  approvedDate: d.approvedDate ? dayjs(d.approvedDate) : null,
  loe: d.loe,
  relatedTickets: d.relatedTickets,
  comment: d.comment,
});

/**
 * Add or edit an open item. Choosing Complete or Cancelled asks first; after any status change the comment must
 * be updated before the save (the server refuses the same with 'Please update the comment').
 */
export function OpenItemEditor({
  id,
  ticketId,
  onClose,
}: {
  id: number | null;
  /** The ticket a new item goes to. */
  ticketId?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const taskCategories = useTaskCategories().options;
  const choices = useOpenItemChoices();
  const commentRef = useRef<{ focus: () => void } | null>(null);
  const statusRef = useRef<OpenItemStatus | null>(null);
  const f = (key: string) => t(`openItem.fields.${key}`);
  const toBody = useMemo(
    () => (v: Values) => ({
      ...(id === null ? { ticketId: ticketId ?? v.ticketId } : {}),
      description: v.description,
      status: v.status,
      priority: v.priority,
      taskCategory: v.taskCategory ?? null,
      ...(v.projectId ? { projectId: v.projectId } : {}),
      pointOfContact: v.pointOfContact ?? null,
      ...(v.openDate ? { openDate: day(v.openDate) } : {}),
      approvedDate: day(v.approvedDate),
      loe: blank(v.loe),
      relatedTickets: v.relatedTickets ?? [],
      comment: blank(v.comment),
    }),
    [id, ticketId],
  );

  const askForComment = () => {
    void message.warning(t('messages.openItem.updateComment'));
    setTimeout(() => commentRef.current?.focus(), 0);
  };

  const onStatus = (form: FormInstance<Values>, previous: OpenItemStatus, next: OpenItemStatus) => {
    if (!openItemClosedStatuses.includes(next)) {
      if (id !== null) askForComment();
      return;
    }
    modal.confirm({
      title: t('openItem.editor.confirmTitle'),
      content: t('openItem.editor.confirmText', { status: t(`openItem.status.${next}`) }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      className: 'open-item-status-confirm',
      onOk: () => {
        if (id !== null) askForComment();
      },
      onCancel: () => {
        statusRef.current = previous;
        form.setFieldValue('status', previous);
      },
    });
  };

  return (
    <EditorDrawer<OpenItemDetail, Values>
      api={openItemApi}
      id={id}
      onClose={onClose}
      title={id === null ? t('openItem.editor.addTitle') : t('openItem.editor.editTitle')}
      width={640}
      defaults={{ status: 'Open', priority: 'Medium', relatedTickets: [], openDate: dayjs() }}
      toForm={toForm}
      toBody={toBody}
    >
      {(form, detail) => (
        <Row gutter={16} className="open-item-editor">
          {id === null && ticketId === undefined && (
            <Col span={24}>
              <Form.Item name="ticketId" label={f('ticketNumber')} rules={[requiredRule()]}>
                <RemoteSelect queryKey={resourceKeys('Ticket').of('options')} search={searchTickets} />
              </Form.Item>
            </Col>
          )}
          <Col span={24}>
            <Form.Item name="description" label={f('description')} required rules={[schemaRule(fields.description)]}>
              <Input.TextArea rows={3} maxLength={4000} className="open-item-description" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="status" label={f('status')}>
              <Select
                className="open-item-status-select"
                options={openItemStatuses.map((s) => ({ value: s, label: t(`openItem.status.${s}`) }))}
                onChange={(next: OpenItemStatus) => {
                  // The form holds the new value already: the last one chosen is remembered here.
                  const previous = statusRef.current ?? detail?.status ?? 'Open';
                  statusRef.current = next;
                  onStatus(form, previous, next);
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="priority" label={f('priority')}>
              <Select options={ticketPriorities.map((p) => ({ value: p, label: t(`openItem.priority.${p}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="taskCategory" label={f('taskCategory')}>
              <Select allowClear options={taskCategories} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="loe" label={f('loe')} rules={[schemaRule(loeSchema)]}>
              <DecimalInput suffix={t('openItem.fields.hours')} className="open-item-loe" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="openDate" label={f('openDate')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="approvedDate" label={f('approvedDate')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="pointOfContact" label={f('pointOfContact')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                className="open-item-contact"
                options={withKnown(choices.users, detail?.pointOfContact, detail?.pointOfContactName)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="projectId" label={f('project')} tooltip={t('openItem.editor.projectHint')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={withKnown(choices.projects, detail?.projectId, detail?.projectName)}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="relatedTickets" label={f('relatedTickets')}>
              <RemoteSelect
                mode="multiple"
                queryKey={resourceKeys('Ticket').of('options')}
                search={searchTickets}
                known={(detail?.related ?? []).map((r) => ({ value: r.id, label: ticketLabel(r) }))}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="comment"
              label={f('comment')}
              dependencies={['status']}
              rules={[
                schemaRule(fields.comment),
                {
                  validator: async (_, value: string | null) => {
                    if (!detail) return;
                    const changed = form.getFieldValue('status') !== detail.status;
                    if (changed && (value ?? '').trim() === (detail.comment ?? '').trim())
                      throw new Error(t('messages.openItem.updateComment'));
                  },
                },
              ]}
            >
              <Input.TextArea
                rows={3}
                maxLength={4000}
                className="open-item-comment"
                ref={(el) => {
                  commentRef.current = el;
                }}
              />
            </Form.Item>
          </Col>
        </Row>
      )}
    </EditorDrawer>
  );
}
