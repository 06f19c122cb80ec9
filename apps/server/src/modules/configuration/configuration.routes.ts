import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.js';
import { registerResource } from '../../platform/resource.js';
import { configurationResource } from './configuration.resource.js';

export function registerConfigurationRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, configurationResource);
}
