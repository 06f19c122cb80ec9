import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.js';
import { registerResource } from '../../platform/resource.js';
import { slaCalendarResource } from './sla-calendar.resource.js';

export function registerSlaCalendarRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, slaCalendarResource);
}
