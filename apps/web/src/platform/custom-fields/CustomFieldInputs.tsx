import { Divider } from 'antd';
import type { CustomFieldDefinition } from '@casedesk/shared';
import { CustomFieldItems, type CustomFieldUsers } from './CustomFieldItems';
import { fieldsFor } from './custom-field-values';

/**
 * A record form's custom fields under their heading (contract 21): the active ones of the record's category
 * (`categoryId` of the form; a record kind without categories asks for those of all), values under `customFields`.
 */
export function CustomFieldInputs({
  definitions,
  users = [],
  categoryId,
  title,
}: {
  definitions: readonly CustomFieldDefinition[];
  /** The people a user field offers. */
  users?: CustomFieldUsers;
  categoryId?: number | null;
  title: string;
}) {
  const fields = fieldsFor(definitions, categoryId);
  if (fields.length === 0) return null;
  return (
    <>
      <Divider titlePlacement="start" plain>
        {title}
      </Divider>
      <CustomFieldItems
        fields={fields}
        name="customFields"
        categoryId={categoryId}
        users={users}
        className="custom-fields"
      />
    </>
  );
}
