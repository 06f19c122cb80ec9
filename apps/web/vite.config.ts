import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
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
 * Chunks that follow routes rather than hundreds of tiny files (issue 16): the browser fetches six files at a time
 * over HTTP/1.1, and automatic chunking made ~300 chunks (a separate one for each set of screens sharing a module),
 * so a screen opened by its address asked for ~150. Now:
 * - the shell (what main.tsx imports statically, all needed before anything shows) is one chunk;
 * - texts are one chunk per language for the sign-in pages, one for what the signed-in shell adds, and one per area
 *   and language for the rest (platform/text-areas.ts), which a screen's route loads with its code
 *   (app/router/screen-texts.ts): a screen does not download every other screen's words;
 * - common chunks under `inlineBelow` bytes (source) are copied into the chunks that use them instead of being
 *   files of their own. Rolldown keeps one instance of each module across the copies (a registry in its runtime),
 *   and no route downloads code it would not have without the option. Styles stay files (Vite emits a style
 *   module's CSS from every chunk that lists it).
 */
const inlineBelow = 60 * 1024;
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
  plugins: [react(), precompress()],
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
