import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CustomFieldInputs } from '../../../platform/custom-fields/CustomFieldInputs';
import { useTicketFormOptions } from '../api';
import type { TicketFormValues } from './ticket-form-values';

/** The ticket form's custom fields: those of the chosen category, with the desk's people for user fields. */
export function TicketCustomFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<TicketFormValues>();
  const categoryId = Form.useWatch('categoryId', form);
  const { data } = useTicketFormOptions();
  const users = (data?.users ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.loginName})` }));
  return (
    <CustomFieldInputs
      definitions={data?.customFields ?? []}
      users={users}
      categoryId={categoryId}
      title={t('ticket.custom.title')}
    />
  );
}
