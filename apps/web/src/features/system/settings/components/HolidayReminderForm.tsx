import { Form, InputNumber, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Settings, User } from '@casedesk/shared';
import { resourceKeys } from '../../../../platform/crud/resource-api';
import { http } from '../../../../platform/http/client';
import { UserSelect } from '../../../../platform/pickers/UserSelect';
import { GroupForm } from './GroupForm';
import { requiredRule } from '../../../../platform/form-rules';

/** The chosen users' names, so the picker shows them before any search. */
function useChosenUsers(ids: number[]) {
  return useQuery({
    queryKey: resourceKeys('User').of('byIds', ids),
    queryFn: () => Promise.all(ids.map((id) => http.get<User>(`/api/User/Get/${id}`, { quiet: true }))),
    enabled: ids.length > 0,
  });
}

/** Settings → Holiday calendar: who gets a reminder mail before each holiday, and how many days before. */
export function HolidayReminderForm({ settings, reload }: { settings: Settings; reload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const chosen = useChosenUsers(settings.holidayReminder.value.userIds);
  return (
    <GroupForm group="holidayReminder" settings={settings} reload={reload}>
      <Form.Item
        name="enabled"
        label={t('settings.holidayReminder.enabled')}
        extra={t('settings.holidayReminder.enabledHelp')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item name="userIds" label={t('settings.holidayReminder.users')}>
        <UserSelect mode="multiple" known={chosen.data ?? []} />
      </Form.Item>
      <Form.Item name="daysBefore" label={t('settings.holidayReminder.daysBefore')} rules={[requiredRule()]}>
        <InputNumber min={1} max={60} precision={0} addonAfter={t('settings.log.days')} />
      </Form.Item>
    </GroupForm>
  );
}
