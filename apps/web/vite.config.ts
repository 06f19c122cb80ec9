import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
 * Chunks that follow routes rather than hundreds of tiny modules (issue 16): the texts of every signed-in screen
 * in one chunk per language (the signed-in layout waits for all of them; the sign-in page loads only the shell's
 * and its own, platform/i18n.ts), instead of one chunk per feature and language.
 * (Icons were tried too: antd's icon helpers then landed in a page chunk that the sign-in page had to load.)
 */
const routeChunks = {
  groups: [
    {
      name: (id: string) => {
        const language = /[\\/]features[\\/](?!auth[\\/])[^\\/]+[\\/]locales[\\/](en|zh-cn|zh-tw)\.json$/.exec(id)?.[1];
        return language ? `texts-${language}` : null;
      },
    },
  ],
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
    rolldownOptions: { output: { codeSplitting: routeChunks } },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/version.json': apiTarget },
  },
});
