import { mentionAttribute } from '@casedesk/shared';

/** Characters that end a typed mention though a login name might hold them: sentence punctuation, brackets. */
const trailing = /[.,;:!?)\]}'"，。；：！？、）】」』]+$/u;
/** `@word` at the start or after a character that is not part of a word or an address ("a@b.com" is no mention). */
const typed = /(?<![\p{L}\p{N}_.+-])@([^\s@<>]+)/gu;
const inserted = new RegExp(`${mentionAttribute}="([^"]+)"`, 'g');

const decoded = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * What a comment may mention: the login names the editor's mention nodes carry (exact), and for each typed `@word`
 * the word and the word without its trailing punctuation ("@wchen," → "wchen,", "wchen"); the caller keeps those
 * that are login names. `text` is the comment as plain text.
 */
export function mentionCandidatesIn(html: string, text: string): { exact: string[]; typed: string[][] } {
  const exact = [...html.matchAll(inserted)].map((m) => decoded(m[1]!));
  const words = [...text.matchAll(typed)].map((m) => {
    const word = m[1]!;
    const stripped = word.replace(trailing, '');
    return stripped && stripped !== word ? [word, stripped] : [word];
  });
  return { exact: [...new Set(exact)], typed: words };
}
