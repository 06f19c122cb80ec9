import { useMemo } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Input, Row, Select, Space } from 'antd';
import { DatePicker } from '../../../../platform/forms/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  isOpenDateRangeValid,
  slaStates,
  tagsModes,
  ticketPriorities,
  ticketStatuses,
  type TicketFormOptions,
} from '@casedesk/shared';
import { feedback } from '../../../../platform/feedback';
import type { TicketFilter } from '../../api';
import { clean, userOptions } from '../../components/list-filter';
import { TagSelect } from '../../../../platform/pickers/TagSelect';
import { labelLanguage } from '../../../../platform/custom-fields/custom-field-values';

type ShownFilters =
  | 'keyword'
  | 'status'
  | 'priority'
  | 'slaState'
  | 'categoryId'
  | 'projectId'
  | 'companyId'
  | 'assignTo'
  | 'tags'
  | 'tagsMode'
  | 'custom';
// The list's filter (the query the server reads) as the form holds it: the open dates are date pickers' values.
type FilterValues = Pick<TicketFilter, ShownFilters> & { openDateFrom?: Dayjs | null; openDateTo?: Dayjs | null };

const toValues = (filter: TicketFilter): FilterValues => ({
  keyword: filter.keyword,
  status: filter.status,
  priority: filter.priority,
  slaState: filter.slaState,
  categoryId: filter.categoryId,
  projectId: filter.projectId,
  companyId: filter.companyId,
  assignTo: filter.assignTo,
  tags: filter.tags,
  tagsMode: filter.tagsMode ?? 'any',
  custom: filter.custom,
  openDateFrom: filter.openDateFrom ? dayjs(filter.openDateFrom) : null,
  openDateTo: filter.openDateTo ? dayjs(filter.openDateTo) : null,
});

/** The custom filters the form holds, without the cleared ones. */
const chosenCustom = (custom: TicketFilter['custom']) => {
  const kept = Object.entries(custom ?? {}).filter(
    ([, value]) => value !== undefined && value !== null && value !== '',
  );
  return kept.length ? Object.fromEntries(kept) : undefined;
};

// The ticket page uses it too, without the filters' code (date pickers): it lives in list-filter.ts.
export { userOptions };

/** The list's filter form; Search applies it on top of the current view and sort, Reset clears it all. */
export function TicketFilters({
  filter,
  options,
  onApply,
}: {
  filter: TicketFilter;
  options: TicketFormOptions | undefined;
  onApply: (filter: TicketFilter) => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const language = labelLanguage(i18n.language);
  // Active choice fields filter by an option (an index read on the server, contract 21).
  const selectFields = (options?.customFields ?? []).filter((d) => d.status === 'Active' && d.type === 'select');
  const users = useMemo(() => userOptions(options), [options]);
  const projectId = Form.useWatch('projectId', form);
  const categoryOptions = (options?.categories ?? [])
    .filter((c) => !projectId || c.projectIds.includes(projectId))
    .map((c) => ({ value: c.id, label: c.name }));

  const onSearch = (values: FilterValues) => {
    const from = values.openDateFrom?.format('YYYY-MM-DD');
    const to = values.openDateTo?.format('YYYY-MM-DD');
    if (!isOpenDateRangeValid(from, to)) {
      const text = t('ticket.messages.endBeforeStart');
      form.setFields([{ name: 'openDateTo', errors: [text] }]);
      feedback.error(text);
      return;
    }
    onApply(
      clean({
        ...filter,
        keyword: values.keyword?.trim() || undefined,
        status: values.status,
        priority: values.priority,
        slaState: values.slaState,
        categoryId: values.categoryId,
        projectId: values.projectId,
        companyId: values.companyId,
        assignTo: values.assignTo,
        tags: values.tags,
        // Any is the default: the address and the query carry only "all", and only with tags.
        tagsMode: values.tags?.length && values.tagsMode === 'all' ? 'all' : undefined,
        custom: chosenCustom(values.custom),
        openDateFrom: from,
        openDateTo: to,
      }),
    );
  };

  const onReset = () => {
    form.setFieldsValue(toValues({}));
    form.setFields([{ name: 'openDateTo', errors: [] }]);
    onApply({});
  };

  const picker = (name: keyof FilterValues, label: string, choices: { value: number; label: string }[]) => (
    <Col xs={12} md={6} xl={4}>
      <Form.Item name={name}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={label}
          aria-label={label}
          options={choices}
        />
      </Form.Item>
    </Col>
  );
  const day = (name: 'openDateFrom' | 'openDateTo', label: string) => (
    <Col xs={12} md={6} xl={4}>
      <Form.Item name={name}>
        <DatePicker style={{ width: '100%' }} placeholder={label} aria-label={label} />
      </Form.Item>
    </Col>
  );

  return (
    <Card size="small" className="ticket-no-print ticket-filter-card">
      <Form<FilterValues>
        form={form}
        name="ticketFilter"
        layout="vertical"
        initialValues={toValues(filter)}
        onFinish={onSearch}
        className="ticket-filter-form"
      >
        <Row gutter={[12, 0]}>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="keyword">
              <Input
                allowClear
                prefix={<SearchOutlined />}
                placeholder={t('ticket.list.keyword')}
                aria-label={t('ticket.list.keyword')}
                data-shortcut-search
                maxLength={200}
                onPressEnter={() => form.submit()}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} xl={4}>
            <Form.Item name="status">
              <Select
                mode="multiple"
                allowClear
                maxTagCount="responsive"
                placeholder={t('ticket.fields.status')}
                aria-label={t('ticket.fields.status')}
                options={ticketStatuses.map((s) => ({ value: s, label: t(`ticket.status.${s}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} xl={4}>
            <Form.Item name="priority">
              <Select
                mode="multiple"
                allowClear
                maxTagCount="responsive"
                placeholder={t('ticket.fields.priority')}
                aria-label={t('ticket.fields.priority')}
                options={ticketPriorities.map((p) => ({ value: p, label: t(`ticket.priority.${p}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} xl={4}>
            <Form.Item name="slaState">
              <Select
                mode="multiple"
                allowClear
                maxTagCount="responsive"
                placeholder={t('ticket.sla.filter')}
                aria-label={t('ticket.sla.filter')}
                options={slaStates.map((s) => ({ value: s, label: t(`ticket.sla.state.${s}`) }))}
              />
            </Form.Item>
          </Col>
          {picker(
            'projectId',
            t('ticket.fields.projectId'),
            (options?.projects ?? []).map((p) => ({ value: p.id, label: p.name })),
          )}
          {picker('categoryId', t('ticket.fields.categoryId'), categoryOptions)}
          {picker(
            'companyId',
            t('ticket.fields.companyId'),
            (options?.companies ?? []).map((c) => ({ value: c.id, label: c.name })),
          )}
          {picker('assignTo', t('ticket.fields.assignTo'), users)}
          <Col xs={24} md={12} xl={8}>
            <Form.Item>
              <Space.Compact block>
                <Form.Item name="tags" noStyle>
                  <TagSelect
                    placeholder={t('ticket.fields.tags')}
                    aria-label={t('ticket.fields.tags')}
                    className="ticket-tag-filter"
                  />
                </Form.Item>
                <Form.Item name="tagsMode" noStyle>
                  <Select
                    aria-label={t('ticket.tags.mode')}
                    className="ticket-tag-mode"
                    popupMatchSelectWidth={false}
                    options={tagsModes.map((mode) => ({ value: mode, label: t(`ticket.tags.modes.${mode}`) }))}
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
          {selectFields.map((def) => (
            <Col xs={12} md={6} xl={4} key={def.key}>
              <Form.Item name={['custom', def.key]}>
                <Select
                  allowClear
                  placeholder={def.label[language]}
                  aria-label={def.label[language]}
                  options={def.options.map((o) => ({ value: o.value, label: o.label[language] }))}
                />
              </Form.Item>
            </Col>
          ))}
          {day('openDateFrom', t('ticket.list.openDateFrom'))}
          {day('openDateTo', t('ticket.list.openDateTo'))}
          <Col xs={24} md={12} xl={4}>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} className="ticket-search-button">
                {t('ticket.list.search')}
              </Button>
              <Button onClick={onReset}>{t('ticket.list.reset')}</Button>
            </Space>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
