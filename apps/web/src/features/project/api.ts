import type { Project, ProjectDetail } from '@casedesk/shared';
import { resourceApi } from '../category/shared/resource-api';

export const projectApi = resourceApi<Project, ProjectDetail>('Project');
