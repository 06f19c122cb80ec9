import { customFieldLanguages, type CustomFieldLanguage } from '@casedesk/shared';

/** The reader's language as custom field labels are kept (en, zh-cn, zh-tw): the ticket screens and the admin's. */
export const labelLanguage = (language: string): CustomFieldLanguage =>
  (customFieldLanguages as readonly string[]).includes(language) ? (language as CustomFieldLanguage) : 'en';
