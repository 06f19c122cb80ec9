import { useTranslation } from 'react-i18next';
import type { CustomValues } from '@casedesk/shared';
import { CustomValuesCard } from '../../../platform/custom-fields/CustomValuesCard';
import { useTicketFormOptions } from '../api';

/** The ticket page's custom fields, users by their names on the desk. */
export function TicketCustomFieldsCard({ values }: { values: CustomValues }) {
  const { t } = useTranslation();
  const { data } = useTicketFormOptions();
  return (
    <CustomValuesCard
      definitions={data?.customFields ?? []}
      values={values}
      userNames={new Map((data?.users ?? []).map((u) => [u.id, u.name]))}
      title={t('ticket.custom.title')}
      none={t('ticket.custom.none')}
    />
  );
}
