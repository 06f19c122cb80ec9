// This language's help pages, in one chunk loaded only when the help centre opens in this language.
export const pages = import.meta.glob<string>('./*.md', { query: '?raw', import: 'default', eager: true });
