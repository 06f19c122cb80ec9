// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { valueLabels } from '@casedesk/shared/value-labels';
import { registeredTextAreas } from '../../platform/i18n';
import { shellTextAreas, signInTextAreas, textAreaOf } from '../../platform/text-areas';
import { borrowedTextAreas, screenTextAreas } from './screen-texts';
import { viewName } from './views';

/*
 * A screen loads its own texts with its route (screen-texts.ts), not every screen's: so a key a page uses must be in
 * an area its route loads, or in the shell's, or the reader sees the raw key. Read statically: each page's sources and
 * everything they import (platform pieces included, dynamic imports too), the text keys they name, and the file that
 * owns each key's first segment (locales.test.ts: one owner per top-level key).
 */
const src = fileURLToPath(new URL('../../', import.meta.url));
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
const files = walk(src);

type Tree = { [key: string]: string | Tree };
/** Each top-level key's area and English texts (every language has the same keys: locales.test.ts). */
const owners = new Map<string, { area: string; tree: Tree }>();
for (const file of files) {
  const text = textAreaOf(relative(join(src, '..'), file));
  if (text?.language !== 'en') continue;
  const tree = JSON.parse(readFileSync(file, 'utf8')) as Tree;
  for (const [key, value] of Object.entries(tree)) owners.set(key, { area: text.area, tree: { [key]: value } });
}
const allAreas = new Set([...owners.values()].map((owner) => owner.area));

/** What a dotted path names in the texts: a text (plural forms count as their key), a group, or nothing. */
function kindOf(path: string): 'text' | 'group' | undefined {
  let node: string | Tree | undefined = owners.get(path.split('.')[0]!)?.tree;
  const segments = path.split('.');
  for (const [index, segment] of segments.entries()) {
    if (typeof node !== 'object') return undefined;
    const last = index === segments.length - 1;
    if (last && node[segment] === undefined && (node[`${segment}_other`] ?? node[`${segment}_one`]) !== undefined)
      return 'text';
    node = node[segment];
  }
  return node === undefined ? undefined : typeof node === 'string' ? 'text' : 'group';
}

// A fixed value's kind named in code (`valueLabel('ticketStatus', …)`, `{ status: 'ticketStatus' }`): its words
// live at its key. Not a column's or a field's name that happens to be a kind's (`dataIndex: 'language'`).
const kindKeys = new Map(Object.entries(valueLabels).map(([kind, { key }]) => [kind, key]));
const notAKind = /(?:\b(?:key|dataIndex|field|name)\s*[:=]\s*|setFilter\(\s*)$/;

type Source = { imports: string[]; keys: string[] };
const sources = new Map<string, Source>();
function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  if (!base.startsWith(src)) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (path) => existsSync(path) && statSync(path).isFile() && /\.tsx?$/.test(path),
  );
}
function sourceOf(file: string): Source {
  let source = sources.get(file);
  if (source) return source;
  const text = readFileSync(file, 'utf8');
  const imports = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)'([^']+)'/gm)]
    .map((m) => resolveImport(file, m[1]!))
    .filter((path) => path !== undefined);
  const keys: string[] = [];
  // A text by its key, in any quotes ('ticket.list.title').
  for (const [, path] of text.matchAll(/['"`]([a-zA-Z]\w*(?:\.[\w-]+)+)['"`]/g))
    if (owners.has(path!.split('.')[0]!) && kindOf(path!) === 'text') keys.push(path!);
  // A key built from a value (`ticket.status.${status}`): its group.
  for (const [, path] of text.matchAll(/`([a-zA-Z]\w*(?:\.[\w-]+)*)\.\$\{/g))
    if (owners.has(path!.split('.')[0]!) && kindOf(path!) === 'group') keys.push(path!);
  for (const match of text.matchAll(/['"](\w+)['"]/g)) {
    const key = kindKeys.get(match[1]!);
    if (key && !notAKind.test(text.slice(Math.max(0, match.index - 40), match.index))) keys.push(key);
  }
  source = { imports, keys };
  sources.set(file, source);
  return source;
}

/** The files a module brings along: itself and what it imports, statically or lazily, recursively. */
function closure(start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...sourceOf(file).imports);
  }
  return seen;
}

/** The areas a module's keys live in, each with a few of the keys and where they are used. */
function areasUsed(start: string): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const file of closure(start))
    for (const key of sourceOf(file).keys) {
      const area = owners.get(key.split('.')[0]!)!.area;
      used.set(area, [...(used.get(area) ?? []), `${key} (${relative(src, file)})`]);
    }
  return used;
}

// The screens, as app/router/views.ts finds them.
const pages = files.filter(
  (file) =>
    /[\\/]features[\\/][^\\/]+[\\/]pages[\\/].+\.tsx$/.test(file) &&
    !file.endsWith('.test.tsx') &&
    !/[\\/]components[\\/]/.test(file),
);
const viewOf = (page: string) => viewName(relative(src, page).replace(/\\/g, '/'));

/** Each page's keys whose area neither the shell nor its route loads. */
function missingOf(page: string) {
  const loaded = new Set([...shellTextAreas, ...screenTextAreas(viewOf(page))]);
  return [...areasUsed(page)]
    .filter(([area]) => !loaded.has(area))
    .map(([area, keys]) => ({ area, keys: keys.slice(0, 3) }));
}

describe('the texts a screen loads', () => {
  it('reads the pages and the keys they use, across features and through platform pieces', () => {
    expect(pages.length).toBeGreaterThan(60);
    const dashboard = pages.find((page) => viewOf(page) === 'dashboard/ticket')!;
    // The dashboard shows tickets' statuses (a fixed value's words in the ticket area), the ticket page an approval.
    expect([...areasUsed(dashboard).keys()]).toEqual(expect.arrayContaining(['features/dashboard', 'features/ticket']));
    const ticketPage = pages.find((page) => viewOf(page) === 'ticket/info')!;
    expect([...areasUsed(ticketPage).keys()]).toContain('platform/approval');
    // Without its borrowed areas, the dashboard would miss the ticket's words.
    const own = new Set([...shellTextAreas, 'features/dashboard']);
    expect([...areasUsed(dashboard).keys()].filter((area) => !own.has(area))).not.toEqual([]);
  });

  it.each(pages.map((page) => [viewOf(page), page] as const))(
    '%s: every key it uses is in the shell or in an area its route loads',
    (_view, page) => {
      expect(missingOf(page)).toEqual([]);
    },
  );

  it('loads in the shell every key the shell itself uses (layout, header, bell, shortcuts, sign-in)', () => {
    const used = areasUsed(join(src, 'main.tsx'));
    expect([...used.keys()]).toContain('features/notification');
    const missing = [...used].filter(([area]) => !shellTextAreas.includes(area));
    expect(missing).toEqual([]);
  });

  it('lists only areas that exist, are not the shell’s, and every screen it is listed for uses', () => {
    for (const [prefix, areas] of Object.entries(borrowedTextAreas)) {
      const listedFor = pages.filter((page) => viewOf(page) === prefix || viewOf(page).startsWith(`${prefix}/`));
      // The screens themselves (a folder's index.tsx), not the files a page keeps beside it.
      const screens = listedFor.filter((page) => /[\\/]index\.tsx$/.test(page));
      expect(screens.length, prefix).toBeGreaterThan(0);
      for (const area of areas) {
        expect(allAreas.has(area), `${prefix}: ${area}`).toBe(true);
        expect(shellTextAreas.includes(area), `${prefix}: ${area} is the shell's`).toBe(false);
        const without = screens.filter((page) => !areasUsed(page).has(area)).map(viewOf);
        expect(without, `${prefix}: ${area} is loaded for screens that do not use it`).toEqual([]);
      }
    }
  });

  it('has every area’s files listed for the routes to load (the shell’s by i18n.ts, the others by views.ts)', () => {
    expect([...registeredTextAreas()].sort()).toEqual([...allAreas].sort());
  });

  it('gives every feature with pages texts of its own', () => {
    for (const view of new Set(pages.map((page) => viewOf(page).split('/')[0]!)))
      expect(allAreas.has(`features/${view}`), view).toBe(true);
    expect(signInTextAreas.every((area) => shellTextAreas.includes(area))).toBe(true);
  });
});
