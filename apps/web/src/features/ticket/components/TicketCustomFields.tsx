import { Divider, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CustomFieldItems } from '../../../platform/custom-fields/CustomFieldItems';
import { fieldsFor } from '../../../platform/custom-fields/custom-field-values';
import { useTicketFormOptions } from '../api';
import type { TicketFormValues } from './ticket-form-values';

/** The ticket form's custom fields (contract 21): those of the chosen category, checked by the server's rule. */
export function TicketCustomFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<TicketFormValues>();
  const categoryId = Form.useWatch('categoryId', form);
  const { data } = useTicketFormOptions();
  const fields = fieldsFor(data?.customFields ?? [], categoryId);
  if (fields.length === 0) return null;
  const users = (data?.users ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.loginName})` }));
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('ticket.custom.title')}
      </Divider>
      <CustomFieldItems
        fields={fields}
        name="customFields"
        categoryId={categoryId}
        users={users}
        className="ticket-custom-fields"
      />
    </>
  );
}
