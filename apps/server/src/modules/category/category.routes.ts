import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.js';
import { registerResource } from '../../platform/resource.js';
import { categoryResource } from './category.resource.js';

export function registerCategoryRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, categoryResource);
}
