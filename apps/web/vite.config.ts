import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { parse } from 'acorn';
import { defineConfig, type Plugin } from 'vite';
import { textAreaOf, textChunkOf } from './src/platform/text-areas';

// The product version is the root package's; the server answers the same one at /version.json.
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const apiTarget = process.env.CASEDESK_API ?? 'http://localhost:3000';

const compressible = /\.(js|css|html|svg|json|txt)$/;

/** Writes `.br` and `.gz` next to every text asset, for the server's preCompressed static files. */
function precompress(): Plugin {
  let outDir = 'dist';
  const filesIn = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name.startsWith('.') ? [] : filesIn(path);
      return compressible.test(name) ? [path] : [];
    });
  return {
    name: 'casedesk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesIn(outDir)) {
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
          }),
        );
      }
    },
  };
}

/**
 * Ant Design's components keep their CSS-in-JS style makers (a fifth of all script) although the app never runs them:
 * with `theme.zeroRuntime` (App.tsx) the styles come from antd/dist/antd.css, and a component's style hook returns
 * before it calls its maker (@ant-design/cssinjs-utils' genComponentStyleHook). Each maker passed to
 * genStyleHooks / genComponentStyleHook / genSubStyleComponent becomes an empty one, so the build drops the style
 * code behind it; the component-token function (the third argument) stays: it still writes the CSS variables.
 */
function antdStyleMakersOff(): Plugin {
  const makers = /\bgen(StyleHooks|ComponentStyleHook|SubStyleComponent)\(/;
  const styleHook = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);
  type Node = { type: string; start: number; end: number; [key: string]: unknown };
  const isNode = (value: unknown): value is Node =>
    typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
  return {
    name: 'casedesk-antd-style-makers-off',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]antd[\\/]es[\\/]/.test(id) || !makers.test(code)) return null;
      const edits: [number, number][] = [];
      const visit = (node: Node) => {
        if (node.type === 'CallExpression') {
          const callee = node.callee as Node & { name?: string };
          const args = node.arguments as Node[];
          if (callee.type === 'Identifier' && styleHook.has(callee.name!) && args[1])
            edits.push([args[1].start, args[1].end]);
        }
        for (const value of Object.values(node))
          if (Array.isArray(value)) value.filter(isNode).forEach(visit);
          else if (isNode(value) && value !== node) visit(value);
      };
      visit(parse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as Node);
      if (!edits.length) return null;
      let out = code;
      for (const [start, end] of edits.sort((a, b) => b[0] - a[0]))
        out = `${out.slice(0, start)}() => []${out.slice(end)}`;
      return { code: out, map: null };
    },
  };
}

/**
 * rc-select measures the search input of every multiple-choice select after each render by setting its width to 0
 * and reading scrollWidth: a forced layout of the whole page per select. An empty input measures 0, which its CSS
 * width already is (min-width 4px), so the measure runs only when there is text (issue 35: the ticket list's four
 * multiple filters took ~50 ms of its first render). Fails the build if rc-select's code no longer reads as expected.
 */
function selectEmptyInputUnmeasured(): Plugin {
  const measure = 'if (syncWidth && input) {';
  return {
    name: 'casedesk-select-empty-input-unmeasured',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]@rc-component[\\/]select[\\/]es[\\/]SelectInput[\\/]Input\.js$/.test(id)) return null;
      if (code.split(measure).length !== 2)
        throw new Error(`${id}: the input's width measure changed; review this plugin`);
      return {
        code: code.replace(measure, `${measure}\n      if (!value) { setWidthCssVar(undefined); return; }`),
        map: null,
      };
    },
  };
}

/**
 * Chunks that follow routes rather than hundreds of tiny files (issue 16): the browser fetches six files at a time
 * over HTTP/1.1, and automatic chunking made ~300 chunks (a separate one for each set of screens sharing a module),
 * so a screen opened by its address asked for ~150. Now:
 * - the shell (what main.tsx imports statically, all needed before anything shows) is one chunk;
 * - texts are one chunk per language for the sign-in pages, one for what the signed-in shell adds, and one per area
 *   and language for the rest (platform/text-areas.ts), which a screen's route loads with its code
 *   (app/router/screen-texts.ts): a screen does not download every other screen's words;
 * - common chunks under `inlineBelow` bytes (source) are copied into the chunks that use them instead of being
 *   files of their own. Rolldown keeps one instance of each module across the copies (a registry in its runtime),
 *   but a route that loads two chunks holding the same copy downloads it twice: at 60 KB the ticket list needed
 *   704 KB gzip in 33 files, at 20 KB 598 KB in 49, without copies 554 KB in 150 (issue 35; main-thread time of a
 *   cold load was no worse at 20 than at 60, worse without copies). Styles stay files (Vite emits a style module's
 *   CSS from every chunk that lists it).
 */
const inlineBelow = 20 * 1024;
const textsChunk = (id: string) => {
  const file = textAreaOf(id);
  return file ? textChunkOf(file.area, file.language) : null;
};
/**
 * No chunk a screen needs is above 150 KB gzip (issue 35; scripts/check-bundle-size.mjs): one file is parsed and
 * compiled in one piece, and two download side by side. So React (react-dom) leaves the shell for a chunk of its own,
 * and ECharts' renderer (zrender) leaves the chart chunk.
 */
const routeChunks = {
  groups: [
    { name: textsChunk, priority: 3 },
    { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
    { name: 'zrender', test: /[\\/]node_modules[\\/]zrender[\\/]/, priority: 2 },
    { name: 'shell', tags: ['$initial' as const], priority: 1 },
  ],
  experimentalInlineCommonChunks: { maxSize: inlineBelow, exclude: /\.css(\?|$)/ },
};

export default defineConfig({
  plugins: [react(), antdStyleMakersOff(), selectEmptyInputUnmeasured(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  // The manifest lets scripts/check-bundle-size.mjs find the chunks each route needs.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    manifest: true,
    // Unused exports of entries may go: required for inlining common chunks.
    rolldownOptions: { preserveEntrySignatures: false, output: { codeSplitting: routeChunks } },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/version.json': apiTarget },
  },
});
