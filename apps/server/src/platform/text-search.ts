import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Full-text search that also works for Chinese (simplified and traditional), where PostgreSQL's
 * parser sees no word breaks: CJK runs are split into words by ICU's dictionary-based segmenter
 * before the text reaches `to_tsvector('simple', ...)`, and each CJK character is also indexed on
 * its own so that a phrase of characters still finds a word the dictionary split differently.
 * Everything else is left to PostgreSQL's parser (e-mail addresses, hyphenated case numbers).
 */
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const cjkAll = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const nonAscii = /[^\u0020-\u007e\s]/;
/** PostgreSQL keeps at most 2 KB per lexeme and 1 MB per document; stay well inside. */
const maxDocumentChars = 200_000;

type Segmented = { words: string; chars: string };

function segment(input: string): Segmented {
  const text = input.normalize('NFKC').toLowerCase().slice(0, maxDocumentChars);
  if (!cjk.test(text)) return { words: text, chars: '' };
  const words: string[] = [];
  const chars: string[] = [];
  for (const part of segmenter.segment(text)) {
    if (cjk.test(part.segment)) {
      words.push(` ${part.segment} `);
      chars.push(...(part.segment.match(cjkAll) ?? []));
    } else if (!part.isWordLike && nonAscii.test(part.segment)) {
      words.push(' '); // full-width punctuation and the like
    } else {
      words.push(part.segment);
    }
  }
  return { words: words.join(''), chars: chars.join(' ') };
}

/** The text to give `to_tsvector('simple', ...)` for a document field. */
export function searchableText(...parts: (string | null | undefined)[]): string {
  const { words, chars } = segment(parts.filter((p): p is string => !!p).join(' \n '));
  return chars ? `${words} \n ${chars}` : words;
}

/** A weighted tsvector expression of some text (weights: A subject, B people, C content, D comments). */
export function weightedVector(text: string | SQLWrapper, weight: 'A' | 'B' | 'C' | 'D'): SQL {
  return sql`setweight(to_tsvector('simple', ${text}), ${weight})`;
}

/**
 * The tsquery for a keyword box: every whitespace-separated term must match. A CJK term matches as
 * its segmented words in order, or as its characters in order.
 */
export function keywordQuery(keyword: string): SQL | undefined {
  const terms = keyword
    .normalize('NFKC')
    .toLowerCase()
    .split(/\s+/)
    .filter((t) => /[\p{L}\p{N}]/u.test(t))
    .slice(0, 10);
  if (terms.length === 0) return undefined;
  const parts = terms.map((term) => {
    if (!cjk.test(term)) return sql`plainto_tsquery('simple', ${term})`;
    const { words, chars } = segment(term);
    return sql`(phraseto_tsquery('simple', ${words}) || phraseto_tsquery('simple', ${chars}))`;
  });
  return sql`(${sql.join(parts, sql` && `)})`;
}
