import type { Category, CategoryDetail } from '@casedesk/shared';
import { resourceApi } from '../../platform/crud/resource-api';

export const categoryApi = resourceApi<Category, CategoryDetail>('Category');
