import type { RouteAccess } from '@casedesk/shared';

/**
 * A disabled Web API answers 403 to every caller, checked in one place (the gate's onRequest hook).
 * Only permission-guarded routes can be disabled: public and any-signed-in-user routes (sign-in,
 * tokens, menus) and this screen's own routes stay on, so that nobody can lock everyone out.
 */
export function canDisable(route: { code: string; controller: string | null }): boolean {
  return route.code.includes(':') && route.controller?.toLowerCase() !== 'webapi';
}

export const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url.toLowerCase()}`;

/** The routes the registry lists: the API's own, without Fastify's automatic HEAD twins or the docs. */
export const isRegistered = (route: { method: string; url: string; access: RouteAccess | undefined }) =>
  route.method !== 'HEAD' &&
  route.url.toLowerCase().startsWith('/api/') &&
  !route.url.toLowerCase().startsWith('/api/docs');
