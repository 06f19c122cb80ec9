import { useMemo, type ReactNode } from 'react';
import { Checkbox, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { settableTicketStatuses, ticketPriorities, type TicketBatchField, type TicketBatchSet } from '@casedesk/shared';
import { DictionarySelect } from '../pickers/DictionarySelect';
import { useTicketFormOptions } from '../pickers/ticket-options';
import { TagSelect } from '../pickers/TagSelect';
import './ticket-set-fields.css';

/** The bulk fields the screens offer (the API also takes subjectType and scheduledDate). */
export const shownBatchFields = [
  'status',
  'priority',
  'projectId',
  'categoryId',
  'companyId',
  'assignTo',
  'ticketType',
  'businessUnit',
  'privateTicket',
  'tags',
] as const satisfies readonly TicketBatchField[];

/** A change being made: a field that is in it is changed ("change this" ticked), even to empty. */
export type TicketSetDraft = Partial<Record<TicketBatchField, unknown>>;

/** The draft as the API takes it: ticked fields without a value yet are left out. */
export const setOfDraft = (draft: TicketSetDraft): TicketBatchSet =>
  Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== undefined)) as TicketBatchSet;

/**
 * The bulk edit's fields (and a macro's "set" step): each row a "change this" tick and the field's input, so the
 * fields left unticked stay as each ticket has them. The inputs are the ticket form's (statuses, priorities, the
 * caller's projects, categories, companies and users, the dictionaries, the tag picker).
 */
export function TicketSetFields({
  value,
  onChange,
}: {
  value: TicketSetDraft;
  onChange: (next: TicketSetDraft) => void;
}) {
  const { t } = useTranslation();
  const options = useTicketFormOptions();
  const data = options.data;
  const projectId = value.projectId as number | undefined;
  const choices = useMemo(
    () => ({
      projects: (data?.projects ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.code})` })),
      categories: (data?.categories ?? [])
        .filter((c) => !projectId || c.projectIds.includes(projectId))
        .map((c) => ({ value: c.id, label: c.name })),
      companies: (data?.companies ?? []).map((c) => ({ value: c.id, label: c.name })),
      users: (data?.users ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.loginName})` })),
    }),
    [data, projectId],
  );
  const set = (field: TicketBatchField, next: unknown) => onChange({ ...value, [field]: next });
  const tick = (field: TicketBatchField, on: boolean) => {
    const { [field]: _dropped, ...rest } = value;
    onChange(on ? { ...rest, [field]: field === 'privateTicket' ? false : undefined } : rest);
  };
  const select = (field: TicketBatchField, list: { value: string | number; label: string }[], clearable = false) => (
    <Select
      style={{ width: '100%' }}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={clearable}
      loading={options.isPending}
      value={value[field] as string | number | undefined}
      // Cleared: the field becomes empty on every ticket (null), which is a change too.
      onChange={(next) => set(field, next ?? null)}
      options={list}
      placeholder={clearable ? t('ticket.bulk.empty') : undefined}
      aria-label={t(`ticket.fields.${field}`)}
    />
  );
  const inputs: Record<(typeof shownBatchFields)[number], () => ReactNode> = {
    status: () =>
      select(
        'status',
        settableTicketStatuses.map((s) => ({ value: s, label: t(`ticket.status.${s}`) })),
      ),
    priority: () =>
      select(
        'priority',
        ticketPriorities.map((p) => ({ value: p, label: t(`ticket.priority.${p}`) })),
      ),
    projectId: () => select('projectId', choices.projects),
    categoryId: () => select('categoryId', choices.categories, true),
    companyId: () => select('companyId', choices.companies, true),
    assignTo: () => select('assignTo', choices.users, true),
    ticketType: () => (
      <DictionarySelect
        code="ticketType"
        maxLength={50}
        value={value.ticketType as string | null | undefined}
        onChange={(next) => set('ticketType', next ?? null)}
      />
    ),
    businessUnit: () => (
      <DictionarySelect
        code="businessUnit"
        value={value.businessUnit as string | null | undefined}
        onChange={(next) => set('businessUnit', next ?? null)}
      />
    ),
    privateTicket: () => <Switch checked={value.privateTicket === true} onChange={(on) => set('privateTicket', on)} />,
    tags: () => <TagSelect value={(value.tags as string[] | undefined) ?? []} onChange={(tags) => set('tags', tags)} />,
  };
  return (
    <div className="ticket-set-fields">
      {shownBatchFields.map((field) => {
        const on = field in value;
        return (
          <div key={field} className="ticket-set-field">
            <Checkbox checked={on} onChange={(e) => tick(field, e.target.checked)}>
              {t(`ticket.fields.${field}`)}
            </Checkbox>
            <div className="ticket-set-input">
              {on ? inputs[field]() : <span className="ticket-set-keep">{t('ticket.bulk.keep')}</span>}
            </div>
          </div>
        );
      })}
    </div>
  );
}
