import type { FastifyInstance } from 'fastify';
import { type Db } from '../../platform/db.js';
import { registerResource } from '../../platform/resource.js';
import { deptResource } from './dept.resource.js';

export function registerDeptRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, deptResource);
}
