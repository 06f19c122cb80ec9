import type { TextModule, TextModuleListItem } from '@casedesk/shared';
import { resourceApi } from '../../platform/crud/resource-api';

/** Canned replies: the list rows carry no body; the editor reads the record (with its body) by Get. */
export const textModuleApi = resourceApi<TextModuleListItem, TextModule>('TextModule');
