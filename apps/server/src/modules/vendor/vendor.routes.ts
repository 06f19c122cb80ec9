import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.js';
import { registerResource } from '../../platform/resource.js';
import { vendorResource } from './vendor.resource.js';

export function registerVendorRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, vendorResource);
}
