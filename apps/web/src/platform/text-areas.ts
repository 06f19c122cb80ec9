/*
 * The areas of the app's texts (issue 35, "pay for what the screen shows"). An area is a folder of src with a
 * `locales/{en,zh-cn,zh-tw}.json` (`features/ticket`, `platform/cron`, `app`); each file owns its top-level keys.
 * No imports: vite.config.ts and scripts/check-bundle-size.mjs read these lists too.
 */

/** The sign-in pages' texts: the shell's, sign-in's, the password fields' and the second step's (a code, a passkey). */
export const signInTextAreas = ['app', 'features/auth', 'platform/forms', 'platform/two-factor'];

/**
 * What every signed-in screen may show, loaded with the signed-in layout: refusals, field labels and fixed values'
 * words (`platform`, `platform/labels`), the list kit (`platform/crud`), the shortcuts' help and the bell. A screen's
 * own texts come with its route (app/router/screen-texts.ts).
 */
export const shellTextAreas = [
  ...signInTextAreas,
  'platform',
  'platform/crud',
  'platform/labels',
  'platform/keyboard',
  'features/notification',
];

/** A locale file's area and language: `…/src/features/ticket/locales/en.json` -> `features/ticket`, `en`. */
export function textAreaOf(file: string): { area: string; language: string } | undefined {
  if (/[\\/]node_modules[\\/]/.test(file)) return undefined;
  const match = /^(?:.*[\\/])?src[\\/](.+?)[\\/]locales[\\/]([\w-]+)\.json$/.exec(file);
  return match ? { area: match[1]!.replace(/\\/g, '/'), language: match[2]! } : undefined;
}

/** The chunk an area's file goes to in one language (vite.config.ts): sign-in's, the shell's, or one of its own. */
export function textChunkOf(area: string, language: string): string {
  if (signInTextAreas.includes(area)) return `texts-sign-in-${language}`;
  if (shellTextAreas.includes(area)) return `texts-shell-${language}`;
  return `texts-${area.replace(/^features\//, '').replace(/\//g, '-')}-${language}`;
}
