import { Checkbox, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { agentTextVariables, type MacroAction } from '@casedesk/shared';
import { RichTextEditor } from '../rich-text/RichTextEditor';
import { TagSelect } from '../pickers/TagSelect';
import { setOfDraft, TicketSetFields, type TicketSetDraft } from './TicketSetFields';

/** The comment's variables, shown as typed (the i18n text would read braces as its own). */
const templateVariables = agentTextVariables.map(({ name }) => `{{ ${name} }}`).join(', ');

export const actionKinds = ['set', 'comment', 'addTags', 'removeTags'] as const;
export type ActionKind = (typeof actionKinds)[number];
/** A step being edited: its kind and what it holds (a "set" keeps its ticked fields, even those without a value). */
export type ActionDraft = {
  kind: ActionKind;
  set?: TicketSetDraft;
  comment?: { public: boolean; body: string };
  tags?: string[];
};

export const draftOf = (action: MacroAction): ActionDraft => {
  if (action.set) return { kind: 'set', set: action.set };
  if (action.comment) return { kind: 'comment', comment: action.comment };
  return action.addTags
    ? { kind: 'addTags', tags: action.addTags }
    : { kind: 'removeTags', tags: action.removeTags ?? [] };
};

/** The step as the API takes it; the server judges what is missing (a field-less set, an empty comment). */
export const actionOf = (draft: ActionDraft): MacroAction => {
  if (draft.kind === 'set') return { set: setOfDraft(draft.set ?? {}) };
  if (draft.kind === 'comment') return { comment: draft.comment ?? { public: false, body: '' } };
  return { [draft.kind]: draft.tags ?? [] } as MacroAction;
};

/**
 * One step of a macro: what kind it is, and its inputs (the bulk edit's fields, a comment, tags). A trigger's action
 * editor chooses the kind itself among more (`hideKind`) and shows these inputs for a macro's kinds.
 */
export function MacroActionInput({
  value,
  onChange,
  hideKind = false,
}: {
  value?: ActionDraft;
  onChange?: (next: ActionDraft) => void;
  hideKind?: boolean;
}) {
  const { t } = useTranslation();
  const draft = value ?? { kind: 'set' };
  const change = (next: ActionDraft) => onChange?.(next);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {!hideKind && (
        <Select<ActionKind>
          value={draft.kind}
          style={{ width: 220 }}
          onChange={(kind) => change({ kind })}
          options={actionKinds.map((kind) => ({ value: kind, label: t(`macro.kinds.${kind}`) }))}
          aria-label={t('macro.fields.kind')}
        />
      )}
      {draft.kind === 'set' && (
        <TicketSetFields value={draft.set ?? {}} onChange={(set) => change({ ...draft, set })} />
      )}
      {draft.kind === 'comment' && (
        <>
          <Checkbox
            checked={draft.comment?.public ?? false}
            onChange={(e) =>
              change({ ...draft, comment: { body: draft.comment?.body ?? '', public: e.target.checked } })
            }
          >
            {t('macro.fields.public')}
          </Checkbox>
          <RichTextEditor
            small
            value={draft.comment?.body ?? ''}
            onChange={(body) => change({ ...draft, comment: { public: draft.comment?.public ?? false, body } })}
            aria-label={t('macro.fields.body')}
          />
          <span className="macro-help">{t('macro.variablesHelp', { vars: templateVariables })}</span>
        </>
      )}
      {(draft.kind === 'addTags' || draft.kind === 'removeTags') && (
        <TagSelect value={draft.tags ?? []} onChange={(tags) => change({ ...draft, tags })} />
      )}
    </Space>
  );
}
