import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.js';
import { registerResource } from '../../platform/resource.js';
import { positionResource } from './position.resource.js';

export function registerPositionRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, positionResource);
}
