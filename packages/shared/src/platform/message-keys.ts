/**
 * Message keys (contract section 2, `messageKey`): every text of the shared catalogs has a stable key,
 * `<catalog>.<name>`, and the texts built from values also give those values, so that clients translate by
 * key instead of matching the English text. Kept free of zod so that the sign-in page can use it.
 */
export type MessageRef = { key: string; values?: Record<string, string | number> };

const fixedTexts = new Map<string, MessageRef>();
// The texts built from values, by text: each is a function of its values, so a text maps back to one ref.
const builtTexts = new Map<string, MessageRef>();
const builtLimit = 500;

/** A text built from values (`hasChildren(3)`), remembering which key and values built it. */
export function keyed<A extends (string | number)[]>(
  key: string,
  names: { [I in keyof A]: string },
  build: (...args: A) => string,
): (...args: A) => string {
  return (...args: A) => {
    const text = build(...args);
    if (builtTexts.size >= builtLimit) builtTexts.delete(builtTexts.keys().next().value as string);
    builtTexts.set(text, { key, values: Object.fromEntries(names.map((name, i) => [name, args[i]!])) });
    return text;
  };
}

/** A catalog of texts: its plain texts get the keys `<catalog>.<name>`. */
export function defineMessages<const T extends Record<string, unknown>>(catalog: string, texts: T): T {
  for (const [name, text] of Object.entries(texts))
    if (typeof text === 'string' && !fixedTexts.has(text)) fixedTexts.set(text, { key: `${catalog}.${name}` });
  return texts;
}

/** The key (and values) of a catalog text, or undefined for a text no catalog has. */
export function messageRefOf(text: string): MessageRef | undefined {
  return fixedTexts.get(text) ?? builtTexts.get(text);
}
