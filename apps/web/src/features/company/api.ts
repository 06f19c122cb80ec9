import type { Company } from '@casedesk/shared';
import { resourceApi } from '../../platform/crud/resource-api';

export const companyApi = resourceApi<Company>('Company');
