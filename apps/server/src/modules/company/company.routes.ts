import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.js';
import { registerResource } from '../../platform/resource.js';
import { companyResource } from './company.resource.js';

export function registerCompanyRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, companyResource);
}
