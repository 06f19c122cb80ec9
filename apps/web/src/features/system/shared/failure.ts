import { industryMessages, menuMessages, regionMessages } from '@casedesk/shared';
import {
  useConfirmDelete as confirmDelete,
  useSaveFailure as saveFailure,
  useServerText as serverText,
  type AreaText,
} from '../../../platform/crud/failure';

const fixedTexts = new Map<string, string>([
  [menuMessages.parentUnknown, 'menuParentUnknown'],
  [menuMessages.parentCycle, 'menuParentCycle'],
  [menuMessages.linkRequired, 'menuLinkRequired'],
  [menuMessages.apiUnknown, 'menuApiUnknown'],
  [menuMessages.identificationUnknown, 'menuIdentificationUnknown'],
  [regionMessages.parentUnknown, 'regionParentUnknown'],
  [regionMessages.parentCycle, 'regionParentCycle'],
  [industryMessages.parentUnknown, 'industryParentUnknown'],
  [industryMessages.parentCycle, 'industryParentCycle'],
]);
const countedTexts: [RegExp, string][] = [
  [/^The menu has (\d+) sub-menu\(s\); delete or move them first\.$/, 'menuHasChildren'],
  [/^The region has (\d+) sub-region\(s\); delete them first\.$/, 'regionHasChildren'],
  [/^The region is used by (\d+) compan(?:y|ies); change them first\.$/, 'regionUsed'],
  [/^The industry has (\d+) sub-industr(?:y|ies); delete or move them first\.$/, 'industryHasChildren'],
  [/^The industry is used by (\d+) compan(?:y|ies); change them first\.$/, 'industryUsed'],
  [/^The dictionary's items are the type of (\d+) configuration entr(?:y|ies); change them first\.$/, 'dictionaryUsed'],
];
const namedTexts: [RegExp, string][] = [
  [/^Another menu is already named '(.+)'\.$/, 'menuNameTaken'],
  [/^Another menu already has the path '(.+)'\.$/, 'menuPathTaken'],
];
const namedCountedTexts: [RegExp, string][] = [
  [/^The item '(.+)' is the type of (\d+) configuration entr(?:y|ies); change them first\.$/, 'dictionaryItemUsed'],
];

/** Which `system.serverText` key (and values) a server text of this area is, if it is one. */
export function systemTextKey(message: string): { key: string; values?: Record<string, string | number> } | null {
  const fixed = fixedTexts.get(message);
  if (fixed) return { key: fixed };
  for (const [pattern, key] of countedTexts) {
    const match = pattern.exec(message);
    if (match) return { key, values: { count: Number(match[1]) } };
  }
  for (const [pattern, key] of namedTexts) {
    const match = pattern.exec(message);
    if (match) return { key, values: { name: match[1]! } };
  }
  for (const [pattern, key] of namedCountedTexts) {
    const match = pattern.exec(message);
    if (match) return { key, values: { name: match[1]!, count: Number(match[2]) } };
  }
  return null;
}

/** This area's refusals in the user's language. */
export const systemText: AreaText = (message, t) => {
  const known = systemTextKey(message);
  return known ? t(`system.serverText.${known.key}`, known.values) : null;
};

export const useServerText = () => serverText(systemText);
export const useConfirmDelete = () => confirmDelete(systemText);
export const useSaveFailure = () => saveFailure(systemText);
