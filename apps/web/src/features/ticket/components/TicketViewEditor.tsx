import { Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ticketViewCreateSchema, type TicketView } from '@casedesk/shared';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import { schemaRule } from '../../../platform/form-rules';
import { usePermissions } from '../../../platform/permission';
import { ticketViewApi } from '../api';
import { SharedWithGroupsFields } from '../../../platform/pickers/SharedWithGroupsFields';

/** What the list shows now, saved into a view: its filter (a Ticket/Query body), its sort and its columns. */
export type CurrentList = Pick<TicketView, 'query' | 'sort' | 'columns'>;

type Values = { name: string; shared: boolean; groupIds: number[]; takeCurrent: boolean };

const toForm = (v: TicketView): Values => ({
  name: v.name,
  shared: v.shared,
  groupIds: v.groupIds,
  takeCurrent: false,
});

/**
 * "Save as view" (id null: the list as shown) or a view's name and sharing; an edited view takes the list as
 * shown only when asked to (renaming one leaves its filter alone).
 */
export function TicketViewEditor({
  id,
  current,
  onClose,
  onSaved,
}: {
  id: number | null;
  current: CurrentList;
  onClose: () => void;
  onSaved: (view: TicketView) => void;
}) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const mayShare = has(id === null ? 'ticketView:create' : 'ticketView:edit');
  const toBody = (v: Values) => ({
    name: v.name,
    shared: v.shared,
    groupIds: v.shared ? (v.groupIds ?? []) : [],
    ...(id === null || v.takeCurrent ? current : {}),
  });
  return (
    <EditorDrawer<TicketView, Values>
      api={ticketViewApi}
      id={id}
      onClose={onClose}
      onSaved={onSaved}
      title={id === null ? t('ticket.views.saveAs') : t('ticket.views.edit')}
      defaults={{ shared: false, groupIds: [], takeCurrent: false }}
      toForm={toForm}
      toBody={toBody}
    >
      {() => (
        <>
          <Form.Item
            name="name"
            label={t('ticket.views.fields.name')}
            required
            rules={[schemaRule(ticketViewCreateSchema.shape.name)]}
          >
            <Input maxLength={60} autoFocus />
          </Form.Item>
          <SharedWithGroupsFields
            mayShare={mayShare}
            words={{
              shared: t('ticket.views.fields.shared'),
              sharedHelp: t('ticket.views.sharedHelp'),
              sharedNotAllowed: t('ticket.views.sharedManagersOnly'),
              groupIds: t('ticket.views.fields.groupIds'),
              groupsHelp: t('ticket.views.groupsHelp'),
              groupsPlaceholder: t('macro.chooseGroups'),
            }}
          />
          {id !== null && (
            <Form.Item name="takeCurrent" valuePropName="checked">
              <Checkbox>{t('ticket.views.takeCurrent')}</Checkbox>
            </Form.Item>
          )}
        </>
      )}
    </EditorDrawer>
  );
}
