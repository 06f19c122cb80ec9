import { describe, expect, it } from 'vitest';
import { dictionaryMessages, industryMessages, menuMessages, regionMessages } from '@casedesk/shared';
import en from '../locales/en.json';
import { systemTextKey } from './failure';

const serverText = (en as { system: { serverText: Record<string, string> } }).system.serverText;

describe('system refusals', () => {
  it('recognises every refusal the server words for menus, regions, industries and dictionaries', () => {
    const cases: [string, string, Record<string, string | number>?][] = [
      [menuMessages.hasChildren(3), 'menuHasChildren', { count: 3 }],
      [menuMessages.nameTaken('TicketList'), 'menuNameTaken', { name: 'TicketList' }],
      [menuMessages.pathTaken('/ticket/list'), 'menuPathTaken', { name: '/ticket/list' }],
      [menuMessages.parentCycle, 'menuParentCycle'],
      [menuMessages.linkRequired, 'menuLinkRequired'],
      [regionMessages.hasChildren(2), 'regionHasChildren', { count: 2 }],
      [regionMessages.usedByCompanies(1), 'regionUsed', { count: 1 }],
      [regionMessages.usedByCompanies(5), 'regionUsed', { count: 5 }],
      [industryMessages.hasChildren(1), 'industryHasChildren', { count: 1 }],
      [industryMessages.hasChildren(4), 'industryHasChildren', { count: 4 }],
      [industryMessages.usedByCompanies(2), 'industryUsed', { count: 2 }],
      [dictionaryMessages.usedByConfiguration(1), 'dictionaryUsed', { count: 1 }],
      [dictionaryMessages.usedByConfiguration(3), 'dictionaryUsed', { count: 3 }],
      [dictionaryMessages.itemUsedByConfiguration('mail', 1), 'dictionaryItemUsed', { name: 'mail', count: 1 }],
      [dictionaryMessages.itemUsedByConfiguration("it's", 2), 'dictionaryItemUsed', { name: "it's", count: 2 }],
    ];
    for (const [message, key, values] of cases) {
      expect(systemTextKey(message), message).toEqual(values ? { key, values } : { key });
      expect(serverText[key], key).toBeTruthy();
    }
    expect(systemTextKey('Something else')).toBeNull();
  });
});
