import i18n from 'i18next';
import { accountMessages, messages } from './shared-messages';

const keyByText = new Map<string, string>(
  Object.entries({ ...messages, ...accountMessages }).map(([key, text]) => [text, key]),
);

/** The server answers in English with the contract's fixed texts; show the user's language where we know one. */
export function translateServerMessage(text: string): string {
  const key = keyByText.get(text);
  return key ? i18n.t(`server.${key}`, { defaultValue: text }) : text;
}
