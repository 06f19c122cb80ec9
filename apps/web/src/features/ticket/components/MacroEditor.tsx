import { useCallback, useRef } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { macroCreateSchema, type Macro } from '@casedesk/shared';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import { schemaRule } from '../../../platform/form-rules';
import { seededSaved, seededShown } from '../../../platform/labels/labels';
import { usePermissions } from '../../../platform/permission';
import { SharedWithGroupsFields } from '../../../platform/pickers/SharedWithGroupsFields';
import { ActionCards } from '../../../platform/macro/ActionCards';
import { macroApi } from '../../../platform/macro/macro-api';
import { actionOf, draftOf, MacroActionInput, type ActionDraft } from '../../../platform/macro/MacroActionInput';

type Values = { name: string; shared: boolean; groupIds: number[]; actions: ActionDraft[] };

type Translate = (key: string) => string;

// A seeded macro's name is shown in the reader's words, and saved back as seeded while left as shown.
const toForm = (m: Macro, t: Translate): Values => ({
  name: seededShown(t, 'macro', m.seedCode, m.name),
  shared: m.shared,
  groupIds: m.groupIds,
  actions: m.actions.map(draftOf),
});
const toBody = (v: Values, m: Macro | null, t: Translate) => ({
  name: seededSaved(t, 'macro', m?.seedCode, m?.name, v.name),
  shared: v.shared,
  groupIds: v.shared ? (v.groupIds ?? []) : [],
  actions: (v.actions ?? []).map(actionOf),
});

/** A macro: its name, who it serves (private, or shared with groups: a manager's), and its steps in order. */
export function MacroEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const mayShare = has(id === null ? 'macro:create' : 'macro:edit');
  const loaded = useRef<Macro | null>(null);
  const shown = useCallback(
    (m: Macro) => {
      loaded.current = m;
      return toForm(m, t);
    },
    [t],
  );
  const saved = useCallback((v: Values) => toBody(v, id === null ? null : loaded.current, t), [id, t]);
  return (
    <EditorDrawer<Macro, Values>
      api={macroApi}
      id={id}
      onClose={onClose}
      width={720}
      title={id === null ? t('macro.create') : t('macro.edit')}
      defaults={{ shared: false, groupIds: [], actions: [{ kind: 'set', set: {} }] }}
      toForm={shown}
      toBody={saved}
    >
      {() => (
        <>
          <Form.Item
            name="name"
            label={t('macro.fields.name')}
            required
            rules={[schemaRule(macroCreateSchema.shape.name)]}
          >
            <Input maxLength={100} autoFocus />
          </Form.Item>
          <SharedWithGroupsFields
            mayShare={mayShare}
            words={{
              shared: t('macro.fields.shared'),
              sharedHelp: t('macro.sharedHelp'),
              groupIds: t('macro.fields.groupIds'),
              groupsHelp: t('macro.groupsHelp'),
              groupsPlaceholder: t('macro.chooseGroups'),
            }}
          />
          <ActionCards
            name="actions"
            label={t('macro.fields.actions')}
            input={<MacroActionInput />}
            blank={{ kind: 'set', set: {} }}
            words={{ title: (n) => t('macro.step', { n }), remove: t('macro.removeStep'), add: t('macro.addStep') }}
          />
        </>
      )}
    </EditorDrawer>
  );
}
