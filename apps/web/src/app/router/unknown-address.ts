import type { AppRoute } from './menu-routes';
import { screenAt } from './views';

/**
 * What an address no route of the user's menu takes is: a screen of the app the user's role is not offered
 * ('forbidden', contract 18: say so, never "wrong address"), or no screen at all ('not-found'). A screen the menu
 * does offer at another address (`/ticket/edit` without its id) is a wrong address.
 */
export function unknownAddressKind(routes: AppRoute[], pathname: string): 'forbidden' | 'not-found' {
  const screen = screenAt(pathname);
  return screen && !routes.some((route) => route.load === screen) ? 'forbidden' : 'not-found';
}
