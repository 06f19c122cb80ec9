import i18n from 'i18next';
import { textHomes, wordedValues, type MessageRef } from '../../../../packages/shared/src/platform/message-keys';
import { messageRefOf } from './shared-messages';

/** A server text as the envelope gives it: the English text, and its key and values when the server sent them. */
export type ServerText = {
  message: string;
  messageKey?: string;
  messageValues?: Record<string, string | number>;
};

/** Where the translation of a key lives: `messages.<catalog>.<name>`, or the older homes of the common texts. */
export const i18nKeys = ({ key }: MessageRef): string[] => textHomes(key);

/**
 * A server text in the user's language: by the key the server sent (contract section 2, `messageKey`), else by the
 * key of a catalog text the web knows (a shared schema's message checked in a form); the English text otherwise.
 */
export function translateServerMessage(source: string | ServerText): string {
  const text = typeof source === 'string' ? source : source.message;
  const ref: MessageRef | undefined =
    typeof source !== 'string' && source.messageKey
      ? { key: source.messageKey, values: source.messageValues }
      : messageRefOf(text);
  if (!ref) return text;
  // A record kind ("project") and a fixed value ("InProgress") are shown in the user's language too.
  const values = wordedValues(ref, (key) => (i18n.exists(key) ? i18n.t(key) : undefined));
  return i18n.t(i18nKeys(ref), { ...values, defaultValue: text });
}
