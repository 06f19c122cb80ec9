import { describe, expect, it } from 'vitest';
import type { WebMenu } from '@casedesk/shared';
import { flattenMenus } from './menu-routes';
import { unknownAddressKind } from './unknown-address';

const entry = (path: string, component: string): WebMenu => ({
  path,
  name: path,
  component,
  meta: {
    title: path,
    isLink: '',
    isHide: false,
    isKeepAlive: true,
    isAffix: false,
    isIframe: false,
    roles: [],
    icon: '',
  },
});

// A user whose role is offered the dashboard and the ticket editor only.
const routes = flattenMenus([
  entry('/dashboard/ticket', 'dashboard/ticket/index'),
  entry('/ticket/edit/:id', 'ticket/edit/index'),
]);

describe('an address no route of the menu takes', () => {
  it('is a screen the role may not open when it names one of the app', () => {
    expect(unknownAddressKind(routes, '/system/user')).toBe('forbidden');
    expect(unknownAddressKind(routes, '/log/login')).toBe('forbidden');
    expect(unknownAddressKind(routes, '/ticket/info/42')).toBe('forbidden');
    expect(unknownAddressKind(routes, '/workflow/instance/info/7')).toBe('forbidden');
  });

  it('is a wrong address when it names none, or one the menu offers at another address', () => {
    expect(unknownAddressKind(routes, '/nowhere-one')).toBe('not-found');
    expect(unknownAddressKind(routes, '/system/user/more/than/that')).toBe('not-found');
    expect(unknownAddressKind(routes, '/ticket/edit')).toBe('not-found');
    expect(unknownAddressKind(routes, '/ticket/list/TicketFilters')).toBe('not-found');
    expect(unknownAddressKind(routes, '/auth/login')).toBe('not-found');
    expect(unknownAddressKind(routes, '/list')).toBe('not-found');
  });
});
