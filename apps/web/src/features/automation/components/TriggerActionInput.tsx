import { Input, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  triggerActionKinds,
  type EmailTemplate,
  type TriggerAction,
  type TriggerActionKind,
  type Webhook,
} from '@casedesk/shared';
import { resourceKeys } from '../../../platform/crud/resource-api';
import { useValueLabel } from '../../../platform/labels/labels';
import {
  actionKinds,
  actionOf,
  draftOf,
  MacroActionInput,
  type ActionDraft,
} from '../../../platform/macro/MacroActionInput';
import { GroupsSelect } from '../../../platform/pickers/GroupsSelect';
import { useRecord } from '../../../platform/pickers/lookups';
import { RemoteSelect } from '../../../platform/pickers/RemoteSelect';
import { UserSelect } from '../../../platform/pickers/UserSelect';
import { searchTemplates, searchWebhooks } from '../api';

type MailDraft = { templateId?: number; to: 'customer' | 'assignee' | 'users'; userIds: number[] };
type NotifyDraft = { userIds: number[]; groupIds: number[]; text: string };

/** A trigger's action being edited: a macro's step, or a mail, a notification or a webhook call. */
export type TriggerActionDraft = Omit<ActionDraft, 'kind'> & {
  kind: TriggerActionKind;
  mail?: MailDraft;
  notify?: NotifyDraft;
  webhookId?: number;
};

const macroKinds: readonly string[] = actionKinds;
const isMacroKind = (kind: TriggerActionKind): kind is ActionDraft['kind'] => macroKinds.includes(kind);

export function triggerDraftOf(action: TriggerAction): TriggerActionDraft {
  if (action.mail) {
    const to = action.mail.to;
    return {
      kind: 'mail',
      mail: {
        templateId: action.mail.templateId,
        to: Array.isArray(to) ? 'users' : to,
        userIds: Array.isArray(to) ? to : [],
      },
    };
  }
  if (action.notify)
    return {
      kind: 'notify',
      notify: { userIds: action.notify.userIds, groupIds: action.notify.groupIds, text: action.notify.text ?? '' },
    };
  if (action.webhookId !== undefined) return { kind: 'webhookId', webhookId: action.webhookId };
  return draftOf(action);
}

/** The action as the API takes it; the server (and the shared schema) judge what is missing. */
export function triggerActionOf(draft: TriggerActionDraft): TriggerAction {
  if (isMacroKind(draft.kind)) return actionOf({ ...draft, kind: draft.kind });
  if (draft.kind === 'mail') {
    const mail = draft.mail ?? { to: 'customer', userIds: [] };
    return {
      mail: { templateId: mail.templateId ?? 0, to: mail.to === 'users' ? mail.userIds : mail.to },
    };
  }
  if (draft.kind === 'notify') {
    const notify = draft.notify ?? { userIds: [], groupIds: [], text: '' };
    const text = notify.text.trim();
    return { notify: { userIds: notify.userIds, groupIds: notify.groupIds, ...(text ? { text } : {}) } };
  }
  return { webhookId: draft.webhookId ?? 0 };
}

/** A picker over a resource that names a stored choice before any search. */
function NamedPicker<Item extends { name: string }>(props: {
  resource: string;
  permission: string;
  search: (keyword: string) => Promise<{ value: number; label: string }[]>;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  label: string;
}) {
  const stored = useRecord<Item>(props.resource, props.permission, props.value || null);
  const known = stored.data && props.value ? [{ value: props.value, label: stored.data.name }] : [];
  return (
    <div className="trigger-picker" aria-label={props.label}>
      <RemoteSelect
        queryKey={resourceKeys(props.resource).of('options')}
        search={props.search}
        known={known}
        value={props.value || null}
        onChange={(next) => props.onChange(typeof next === 'number' ? next : undefined)}
        placeholder={props.label}
      />
    </div>
  );
}

/** One action of a trigger: its kind (labelled), then the kind's inputs. */
export function TriggerActionInput({
  value,
  onChange,
}: {
  value?: TriggerActionDraft;
  onChange?: (next: TriggerActionDraft) => void;
}) {
  const { t } = useTranslation();
  const valueLabel = useValueLabel();
  const draft: TriggerActionDraft = value ?? { kind: 'set', set: {} };
  const change = (next: TriggerActionDraft) => onChange?.(next);
  const mail = draft.mail ?? { to: 'customer', userIds: [] };
  const notify = draft.notify ?? { userIds: [], groupIds: [], text: '' };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Select<TriggerActionKind>
        value={draft.kind}
        style={{ width: 260 }}
        onChange={(kind) => change(kind === 'set' ? { kind, set: {} } : { kind })}
        options={triggerActionKinds.map((kind) => ({ value: kind, label: valueLabel('triggerActionKind', kind) }))}
        aria-label={t('automation.trigger.actionKind')}
      />
      {isMacroKind(draft.kind) && (
        <MacroActionInput
          hideKind
          value={{ ...draft, kind: draft.kind }}
          onChange={(next) => change({ ...next, kind: next.kind })}
        />
      )}
      {draft.kind === 'mail' && (
        <>
          <NamedPicker<EmailTemplate>
            resource="EmailTemplate"
            permission="emailTemplate:view"
            search={searchTemplates}
            value={mail.templateId}
            onChange={(templateId) => change({ ...draft, mail: { ...mail, templateId } })}
            label={t('automation.trigger.mailTemplate')}
          />
          <Radio.Group
            value={mail.to}
            onChange={(e) => change({ ...draft, mail: { ...mail, to: e.target.value as MailDraft['to'] } })}
            options={(['customer', 'assignee', 'users'] as const).map((to) => ({
              value: to,
              label: t(`automation.trigger.mailTo.${to}`),
            }))}
          />
          {mail.to === 'users' && (
            <UserSelect
              mode="multiple"
              value={mail.userIds}
              onChange={(userIds) => change({ ...draft, mail: { ...mail, userIds } })}
            />
          )}
        </>
      )}
      {draft.kind === 'notify' && (
        <>
          <UserSelect
            mode="multiple"
            placeholder={t('automation.trigger.notifyUsers')}
            value={notify.userIds}
            onChange={(userIds) => change({ ...draft, notify: { ...notify, userIds } })}
          />
          <GroupsSelect
            placeholder={t('automation.trigger.notifyGroups')}
            value={notify.groupIds}
            onChange={(groupIds) => change({ ...draft, notify: { ...notify, groupIds } })}
          />
          <Input.TextArea
            rows={2}
            maxLength={500}
            placeholder={t('automation.trigger.notifyText')}
            aria-label={t('automation.trigger.notifyText')}
            value={notify.text}
            onChange={(e) => change({ ...draft, notify: { ...notify, text: e.target.value } })}
          />
        </>
      )}
      {draft.kind === 'webhookId' && (
        <NamedPicker<Webhook>
          resource="Webhook"
          permission="webhook:view"
          search={searchWebhooks}
          value={draft.webhookId}
          onChange={(webhookId) => change({ ...draft, webhookId })}
          label={t('automation.trigger.webhook')}
        />
      )}
    </Space>
  );
}
