import { describe, expect, it } from 'vitest';
import type { CustomFieldDefinition } from '@casedesk/shared';
import { customFieldsBody, fieldsFor } from './custom-field-values';

const label = { en: 'Device', 'zh-cn': '设备', 'zh-tw': '裝置' };
const def = (key: string, more: Partial<CustomFieldDefinition> = {}): CustomFieldDefinition => ({
  id: key.length,
  key,
  type: 'text',
  label,
  options: [],
  required: false,
  validation: {},
  categoryIds: [],
  status: 'Active',
  ...more,
});

describe('the custom field pieces every record form shares', () => {
  it('asks a record without a category only for active fields of all categories', () => {
    const defs = [def('all'), def('limited', { categoryIds: [7] }), def('archived', { status: 'Inactive' })];
    expect(fieldsFor(defs, null).map((d) => d.key)).toEqual(['all']);
    expect(fieldsFor(defs, 7).map((d) => d.key)).toEqual(['all', 'limited']);
  });

  it('sends an emptied value as null and nothing when the form holds no custom fields', () => {
    expect(customFieldsBody({ device: 'laptop', budget: undefined as never })).toEqual({
      customFields: { device: 'laptop', budget: null },
    });
    expect(customFieldsBody(undefined)).toEqual({});
  });
});
