import type { CustomField } from '@casedesk/shared';
import { resourceApi } from '../../platform/crud/resource-api';

export const customFieldApi = resourceApi<CustomField, CustomField>('CustomField');
