import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.js';
import { registerResource } from '../../platform/resource.js';
import { auditLogResource } from './audit-log.resource.js';
import { logResources } from './log.resource.js';

/**
 * Each log: Get, Detail, Query and Export only (read-only resources), `log:view` / `log:export`; the audit trail
 * the same with `audit:view` / `audit:export`.
 */
export function registerLogRoutes(app: FastifyInstance, db: Db) {
  for (const resource of logResources) registerResource(app, db, resource);
  registerResource(app, db, auditLogResource);
}
