import type { Project, ProjectDetail } from '@casedesk/shared';
import { resourceApi } from '../../platform/crud/resource-api';

export const projectApi = resourceApi<Project, ProjectDetail>('Project');
