import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.js';
import { registerResource } from '../../platform/resource.js';
import { customFieldResource } from './custom-field.resource.js';

export function registerCustomFieldRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, customFieldResource);
}
