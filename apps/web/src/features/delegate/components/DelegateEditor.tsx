import { Col, Form, Radio, Row, Select, Switch, Typography } from 'antd';
import { DatePicker } from '../../../platform/forms/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { delegateCreateSchema, delegateMessages, delegateTypes, type Delegate } from '@casedesk/shared';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import type { DateValue, FormValuesOf } from '../../../platform/crud/values';
import { usePermissions } from '../../../platform/permission';
import { RemoteSelect } from '../../../platform/pickers/RemoteSelect';
import { translateServerMessage } from '../../../platform/server-messages';
import { delegateApi, searchDelegateUsers, useDelegateProjects } from '../api';
import { formatDate } from '../../../platform/format';

// The user pickers start empty (null) and the dates are date pickers' values; toBody sends ISO days and leaves an
// empty owner out (the caller).
type Values = FormValuesOf<
  typeof delegateCreateSchema,
  { delegateBy: number | null; delegateTo: number | null; startDate: DateValue; endDate: DateValue }
>;

const dayText = (value: Dayjs) => value.format('YYYY-MM-DD');

const toForm = (d: Delegate): Values => ({
  delegateBy: d.delegateBy,
  delegateTo: d.delegateTo,
  delegateType: d.delegateType,
  startDate: dayjs(d.startDate),
  endDate: d.endDate ? dayjs(d.endDate) : null,
  projectIds: d.projectIds,
  enabled: d.enabled,
});

const toBody = (v: Values) => ({
  ...(v.delegateBy ? { delegateBy: v.delegateBy } : {}),
  delegateTo: v.delegateTo,
  delegateType: v.delegateType,
  startDate: v.startDate ? dayText(v.startDate) : null,
  endDate: v.endDate ? dayText(v.endDate) : null,
  projectIds: v.projectIds,
  enabled: v.enabled,
});

const userPickerKey = ['resource', 'Delegate', 'users'] as const;

/**
 * Create or edit a delegation: who delegates (an administrator's choice; a user keeps their own), to whom, which
 * work, the dates (no end: until switched off) and the projects (none: every project).
 */
export function DelegateEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  // The server decides (delegate.policy.ts); the owner picker is shown to those it lets choose another owner.
  const choosesOwner = has('user:edit') && has(id === null ? 'delegate:add' : 'delegate:set');
  const defaults = useMemo<Partial<Values>>(
    () => ({ delegateType: 'All', startDate: dayjs(), endDate: null, projectIds: [], enabled: true, delegateBy: null }),
    [],
  );
  return (
    <EditorDrawer<Delegate, Values>
      api={delegateApi}
      id={id}
      onClose={onClose}
      title={id === null ? t('delegate.list.create') : t('delegate.list.edit')}
      width={620}
      defaults={defaults}
      toForm={toForm}
      toBody={toBody}
    >
      {(_form, detail) => <DelegateFields detail={detail} choosesOwner={choosesOwner} />}
    </EditorDrawer>
  );
}

function DelegateFields({ detail, choosesOwner }: { detail: Delegate | undefined; choosesOwner: boolean }) {
  const { t } = useTranslation();
  const projects = useDelegateProjects();
  const knownOwner = useMemo(
    () => (detail ? [{ value: detail.delegateBy, label: detail.delegateByName ?? `#${detail.delegateBy}` }] : []),
    [detail],
  );
  const knownDelegate = useMemo(
    () => (detail ? [{ value: detail.delegateTo, label: detail.delegateToName ?? `#${detail.delegateTo}` }] : []),
    [detail],
  );
  return (
    <>
      {choosesOwner && (
        <Form.Item
          name="delegateBy"
          label={t('delegate.fields.delegateBy')}
          extra={t('delegate.editor.ownerHint')}
          className="delegate-owner"
        >
          <RemoteSelect queryKey={userPickerKey} search={searchDelegateUsers} known={knownOwner} allowClear />
        </Form.Item>
      )}
      <Form.Item
        name="delegateTo"
        label={t('delegate.fields.delegateTo')}
        required
        rules={[{ required: true, message: t('delegate.editor.delegateRequired') }]}
        className="delegate-to"
      >
        <RemoteSelect queryKey={userPickerKey} search={searchDelegateUsers} known={knownDelegate} />
      </Form.Item>
      <Form.Item name="delegateType" label={t('delegate.fields.delegateType')} extra={t('delegate.editor.typeHint')}>
        <Radio.Group
          className="delegate-type"
          optionType="button"
          options={delegateTypes.map((value) => ({ value, label: t(`delegate.type.${value}`) }))}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="startDate"
            label={t('delegate.fields.startDate')}
            required
            rules={[{ required: true, message: t('delegate.editor.startRequired') }]}
          >
            <DatePicker className="delegate-start" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="endDate"
            label={t('delegate.fields.endDate')}
            extra={t('delegate.editor.endHint')}
            dependencies={['startDate']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value: Dayjs | null) => {
                  const start = getFieldValue('startDate') as Dayjs | null;
                  if (value && start && value.isBefore(start, 'day'))
                    throw new Error(translateServerMessage(delegateMessages.endBeforeStart));
                },
              }),
            ]}
          >
            <DatePicker className="delegate-end" style={{ width: '100%' }} allowClear />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="projectIds" label={t('delegate.fields.projects')} extra={t('delegate.editor.projectsHint')}>
        <Select
          mode="multiple"
          className="delegate-projects"
          allowClear
          loading={projects.isLoading}
          placeholder={t('delegate.allProjects')}
          showSearch={{ optionFilterProp: 'label' }}
          options={projects.data ?? []}
        />
      </Form.Item>
      <Form.Item name="enabled" label={t('delegate.fields.enabled')} valuePropName="checked">
        <Switch className="delegate-enabled" />
      </Form.Item>
      {detail && (
        <Typography.Text type="secondary">
          {t('delegate.editor.delegatedOn', { date: formatDate(detail.delegateDate) })}
        </Typography.Text>
      )}
    </>
  );
}
