import type { TFunction } from 'i18next';
import type { Language } from '../../platform/i18n';
import { menuTitle, type AppRoute } from '../router/menu-routes';
import type { Tag } from './tags-store';

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A `tagsViewName` holds plain text or a JSON object keyed by locale (`{"en": ..., "zh-cn": ...}`). */
export function parseTagsViewName(value: string, language: Language): string {
  const text = safeDecode(value);
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      const titles = parsed as Record<string, unknown>;
      const pick = [titles[language], titles.en, ...Object.values(titles)].find((v) => typeof v === 'string' && v);
      if (typeof pick === 'string') return pick;
    }
  } catch {
    // plain text
  }
  return text;
}

/** A tab's title: `tagsViewName`, the ticket edit tab's `Ticket <number>`, or the menu title. */
export function tagTitle(tag: Tag, route: AppRoute | undefined, language: Language, t: TFunction): string {
  const query = new URLSearchParams(tag.key.split('?')[1] ?? '');
  const named = tag.params.tagsViewName ?? query.get('tagsViewName');
  if (named) return parseTagsViewName(named, language);
  if (route?.name === 'TicketEdit') {
    const caseNumber = query.get('caseNumber') ?? tag.params.id;
    if (caseNumber) return t('tags.ticketEdit', { caseNumber: safeDecode(caseNumber) });
  }
  return route ? menuTitle(route.menu, language) : tag.pathname;
}
