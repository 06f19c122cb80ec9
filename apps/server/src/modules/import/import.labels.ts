import type { ImportField, ImportTarget } from '@casedesk/shared';
import { webText, type ImportLanguage } from './import.texts.js';

/**
 * Where the web keeps the label of each target's field (its features' locale files), so that a sheet headed in
 * any of the three languages maps itself: `<prefix>.<field>`, or the key named for a field the web calls otherwise.
 */
export const labelKeys: Record<ImportTarget, { prefix: string; keys?: Record<string, string> }> = {
  Ticket: { prefix: 'ticket.fields' },
  User: {
    prefix: 'organization.user.fields',
    keys: { deptId: 'organization.user.fields.dept', positionId: 'organization.user.fields.position' },
  },
  Company: { prefix: 'company.fields', keys: { industryId: 'company.fields.industry' } },
  Vendor: { prefix: 'vendor.fields', keys: { companyId: 'vendor.fields.company' } },
  Category: {
    prefix: 'category.fields',
    keys: {
      categoryCode: 'category.fields.code',
      categoryDescription: 'category.fields.description',
      categoryStatus: 'category.fields.status',
      newTicketAssignee: 'category.fields.assignee',
      projectIds: 'category.fields.projects',
    },
  },
  Project: {
    prefix: 'project.fields',
    keys: {
      projectCode: 'project.fields.code',
      projectName: 'project.fields.name',
      projectDescription: 'project.fields.description',
      projectStatus: 'project.fields.status',
      companyIds: 'project.fields.companies',
    },
  },
  OpenItem: {
    prefix: 'openItem.fields',
    keys: { ticketId: 'openItem.fields.ticketNumber', projectId: 'openItem.fields.project' },
  },
  Region: {
    prefix: 'system.region.fields',
    keys: { parentCode: 'system.region.fields.parent', sort: 'system.common.sort' },
  },
  DictionaryItem: {
    prefix: 'system.dictionary.fields',
    keys: {
      dictionaryCode: 'system.dictionary.fields.code',
      key: 'system.dictionary.fields.itemKey',
      name: 'system.dictionary.fields.itemName',
      nameZhCn: 'system.dictionary.fields.itemNameZhCn',
      nameZhTw: 'system.dictionary.fields.itemNameZhTw',
      value: 'system.dictionary.fields.itemValue',
      parentKey: 'system.dictionary.fields.itemParent',
      sort: 'system.common.sort',
      enable: 'system.common.enabled',
    },
  },
};

export const labelKeyOf = (target: ImportTarget, field: string): string =>
  labelKeys[target].keys?.[field] ?? `${labelKeys[target].prefix}.${field}`;

/** A field's labels as the web shows them; the field's own name where the web has no text for it. */
export function labelsOf(target: ImportTarget, field: string): ImportField['labels'] {
  const key = labelKeyOf(target, field);
  const label = (language: ImportLanguage) => webText(language, key) ?? field;
  return { en: label('en'), 'zh-cn': label('zh-cn'), 'zh-tw': label('zh-tw') };
}
