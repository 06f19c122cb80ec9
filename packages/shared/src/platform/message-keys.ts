/**
 * Message keys (contract section 2, `messageKey`): every text of the shared catalogs has a stable key,
 * `<catalog>.<name>`, and the texts built from values also give those values, so that clients translate by
 * key instead of matching the English text. Kept free of zod so that the sign-in page can use it.
 *
 * A refusal is thrown as a `Message` made where it is thrown (`msg(invoiceMessages, 'duplicate', { ... })`):
 * its key and values travel with it, and its English text is built forward from the catalog.
 */
export type MessageValues = Record<string, string | number>;
export type MessageRef = { key: string; values?: MessageValues };
/** A text a person reads, by key and values, with the English text built from them. */
export type Message = MessageRef & { text: string };

/** A text built from values (`hasChildren(3)`): callable, and knows its key and the names of its values. */
export type KeyedText<A extends (string | number)[] = (string | number)[]> = ((...args: A) => string) & {
  readonly key: string;
  readonly names: readonly string[];
  /** The text alone, not remembered for `messageRefOf`: `msg` carries the key itself. */
  readonly build: (...args: A) => string;
};

const fixedTexts = new Map<string, MessageRef>();
// The texts built from values, by text, for `messageRefOf` only (zod messages of shared schemas, which carry
// no key of their own); a refusal thrown with `msg` never goes through it.
const builtTexts = new Map<string, MessageRef>();
const builtLimit = 500;
const catalogNames = new WeakMap<object, string>();

/** A text built from values (`hasChildren(3)`), remembering which key and values built it. */
export function keyed<A extends (string | number)[]>(
  key: string,
  names: { [I in keyof A]: string },
  build: (...args: A) => string,
): KeyedText<A> {
  const text = (...args: A) => {
    const built = build(...args);
    if (builtTexts.size >= builtLimit) builtTexts.delete(builtTexts.keys().next().value as string);
    builtTexts.set(built, { key, values: Object.fromEntries(names.map((name, i) => [name, args[i]!])) });
    return built;
  };
  return Object.assign(text, { key, names: names as readonly string[], build });
}

/**
 * The values of keyed texts that are fixed values, by where their words live (`ticket.statusNotAllowed`'s `from` and
 * `to` are ticket statuses, worded at `ticket.status.<value>`, value-labels.ts's key of the kind): a reader reads
 * their labels. Here, not beside the texts, so that a client that never loaded a module's schemas (and the sign-in
 * page, which has no value labels) still words its refusals.
 */
export const messageValueHomes: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'ticket.statusNotAllowed': { from: 'ticket.status', to: 'ticket.status' },
  'invoice.notEditable': { status: 'invoice.status' },
  'invoice.wrongStatus': { status: 'invoice.status' },
  'requisition.notEditable': { status: 'requisition.status' },
};

/** Whether a keyed text has fixed values to word (then even its English is filled anew). */
export const hasWordedValues = (ref: MessageRef): boolean => Object.hasOwn(messageValueHomes, ref.key);

/**
 * A keyed text's values as a reader reads them: a record kind (`label: 'project'`) and each fixed value the text
 * names (`from: 'InProgress'`) by their words, looked up by `word` (the server's locale files, the web's i18n); a
 * value without words stays as it is.
 */
export function wordedValues(ref: MessageRef, word: (textKey: string) => string | undefined): MessageValues {
  const values = { ...ref.values };
  if (typeof values.label === 'string') values.label = word(`messages.labels.${values.label}`) ?? values.label;
  const homes = Object.hasOwn(messageValueHomes, ref.key) ? messageValueHomes[ref.key] : undefined;
  for (const [name, home] of Object.entries(homes ?? {})) {
    const value = values[name];
    const text = value === undefined || value === '' ? undefined : word(`${home}.${value}`);
    if (text !== undefined) values[name] = text;
  }
  return values;
}

/** A catalog of texts: its plain texts get the keys `<catalog>.<name>`. */
export function defineMessages<const T extends Record<string, unknown>>(catalog: string, texts: T): T {
  for (const [name, text] of Object.entries(texts))
    if (typeof text === 'string' && !fixedTexts.has(text)) fixedTexts.set(text, { key: `${catalog}.${name}` });
  catalogNames.set(texts, catalog);
  return texts;
}

/** The names of a catalog's entries (plain texts and built ones). */
type EntryName<C> = { [K in keyof C]: C[K] extends string | KeyedText<never> ? K : never }[keyof C] & string;

/**
 * A catalog text as a `Message`: its key `<catalog>.<name>`, its values, and the English text (a built text's
 * values are passed by name; a plain text's `{name}` placeholders are filled from the values).
 */
export function msg<C extends object>(catalog: C, name: EntryName<C>, values?: MessageValues): Message {
  const catalogName = catalogNames.get(catalog);
  if (!catalogName) throw new Error(`msg: not a message catalog (${String(name)})`);
  const entry = (catalog as Record<string, unknown>)[name];
  let text: string;
  if (typeof entry === 'function') {
    const built = entry as KeyedText;
    text = built.build(...built.names.map((n) => values?.[n] ?? ''));
    return { key: built.key, values: values ?? {}, text };
  }
  if (typeof entry !== 'string') throw new Error(`msg: ${catalogName} has no text '${String(name)}'`);
  text = values
    ? Object.entries(values).reduce<string>((t, [n, value]) => t.replaceAll(`{${n}}`, String(value)), entry)
    : entry;
  return { key: `${catalogName}.${name}`, ...(values ? { values } : {}), text };
}

/**
 * The key (and values) of a catalog text, or undefined for a text no catalog has. Only for texts that arrive
 * without their key: the zod messages of shared schemas (web forms, the server's validation field errors) and
 * field errors given as bare catalog texts; a refusal made with `msg` carries its key.
 */
export function messageRefOf(text: string): MessageRef | undefined {
  return fixedTexts.get(text) ?? builtTexts.get(text);
}

/**
 * Where the web's locale files (which the server reads too) keep the translation of a key: `messages.<catalog>.<name>`,
 * then the older homes of some catalogs' texts.
 */
export function textHomes(key: string): string[] {
  const [catalog, name] = key.split('.', 2);
  const homes = [`messages.${key}`];
  if (catalog === 'common' || catalog === 'account') homes.push(`server.${name}`);
  if (catalog === 'ticket') homes.push(`ticket.messages.${name}`);
  // Sign-in refusals are shown on the sign-in page, which loads only its own texts.
  if (catalog === 'sso') homes.push(`login.ssoErrors.${name}`);
  // Sign-in log reasons are values of a log row, labelled with the other fixed values.
  if (catalog === 'loginReason') homes.push(`values.loginReason.${name}`);
  return homes;
}
