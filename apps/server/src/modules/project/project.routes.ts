import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.js';
import { registerResource } from '../../platform/resource.js';
import { projectResource } from './project.resource.js';

export function registerProjectRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, projectResource);
}
