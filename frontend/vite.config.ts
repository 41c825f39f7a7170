import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Text files worth compressing; images and fonts already are (or are too small to matter). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) twin of every compressible output file once, at build time,
 * so the server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'betwixt-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir).filter((path) => COMPRESSIBLE.test(path))) {
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * React Router's build declares its components as `var Form = React.forwardRef(...)` without the pure mark its
 * other calls have, so the bundler kept every one of them (Form, NavLink, their submit and prefetch helpers) in
 * the entry though the app uses none but Link (1.9 kB gzip on every first visit). Marking those calls pure, and
 * dropping the module-level `X.displayName = "X"` lines (names for React DevTools, which kept each one alive),
 * lets it drop the unused ones. Lines stay where they were, so the source maps still point right. A new
 * React Router that writes these differently just stops shrinking: the size check would say so.
 */
function reactRouterPureComponents(): Plugin {
  return {
    name: 'betwixt-react-router-pure-components',
    apply: 'build',
    transform: {
      filter: { id: /node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/ },
      handler(code) {
        return {
          code: code
            .replace(/^(var \w+ = )(React\d*\.forwardRef\()/gm, '$1/* @__PURE__ */ $2')
            .replace(/^\w+\.displayName = "\w+";$/gm, ''),
          map: null,
        };
      },
    },
  };
}

/**
 * React Router 7's package exports point at its development build only (its dev warnings and their checks), in
 * production builds too (remix-run/react-router#12532: "intended to be temporary"). The package ships a
 * production build beside it, which the app's build takes: 0.5 kB gzip less in every first visit, and no dev
 * warnings in users' consoles. `vite` (dev) and Jest keep the development build and its warnings.
 */
const reactRouterDist = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist',
  'production',
);

/** The chunks of the *-idle-imports.ts modules (see build.modulePreload below). */
const IDLE_IMPORTS = /idle-imports-[\w-]+\.js$/;

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress(), reactRouterPureComponents()],
  resolve:
    command === 'build'
      ? {
          alias: [{ find: /^react-router$/, replacement: join(reactRouterDist, 'index.mjs') }],
        }
      : undefined,
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  // The manifest lets scripts/check-bundle-size.mjs follow what each page loads on a first visit.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 700,
    // The imports of the *-idle-imports.ts modules (what the signed-in screens fetch when idle, each module a
    // chunk of its own) go without Vite's preload list: that list appended a <link rel="modulepreload"> per
    // dependency to the head in one task (35 for the create flow, 60-100 ms at Lighthouse's 4x CPU slowdown,
    // inside the dashboard's Total Blocking Time). The browser then fetches each chunk's imports as it
    // reads it, long before anyone opens a dialog. Every other import keeps the list, so a dialog opened at once
    // still loads through its own import, with it.
    modulePreload: {
      resolveDependencies: (_filename, deps, { hostId }) => (IDLE_IMPORTS.test(hostId) ? [] : deps),
    },
    rolldownOptions: {
      // @emotion/react's ESM build keeps a bare `import 'hoist-non-react-statics'` (for its withTheme, which the
      // app does not use); that package is CommonJS without a sideEffects field, so it and its own copy of
      // react-is came with MUI's core chunk on every first visit (1 kB gzip). It has no side effects.
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false }],
      },
      output: {
        // MUI's styling core and the components both first visits draw (the landing page and the dashboard)
        // in one chunk. Left to itself Rolldown cut them into a dozen small shared chunks as the dashboard's
        // menus and panels became lazy: more requests, and each compressed on its own (+2.5 kB gzip).
        // The price: a module of this list that only a later screen uses (parts of @mui/system and @mui/utils)
        // comes with it; both first visits are still smaller (landing -3.0, dashboard -4.0 kB gzip). Other MUI
        // components stay with the screens that use them.
        codeSplitting: {
          groups: [
            // React in a chunk of its own, taken first: the mui-core group below takes its modules'
            // dependencies with it, React among them, and the entry then imported React from mui-core, so
            // the landing page (plain HTML and CSS) loaded all of MUI's core.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            {
              name: 'mui-core',
              priority: 1,
              // Not what only later screens use, though its folder matches: the switches' and checkboxes' base,
              // the icons of alerts and pickers, the transitions of dialogs and menus, the roving focus of tabs
              // and menus (4.9 kB gzip of the dashboard's first visit). They go with those screens.
              test: /^(?!.*(internal[\\/](SwitchBase|switchBaseClasses|svg-icons|Transition)|useRovingTabIndex|Fade)[\\/.]).*node_modules[\\/](@mui[\\/](system|utils|styled-engine|private-theming)|@emotion|stylis|react-transition-group|clsx|react-is|@mui[\\/]material[\\/](esm[\\/])?(styles|ButtonBase|Button|CircularProgress|Typography|SvgIcon|utils|internal|transitions|IconButton|Paper|Box|Stack|Container|useMediaQuery|zero-styled|DefaultPropsProvider|colors|className|useSlot)[\\/])/,
            },
            // The small helpers and plain components the dashboard's first visit needs (money and time formats,
            // initials, the notification settings, the idle loader, components/plain) in one chunk, not seven
            // of a few hundred bytes each compressed on its own (-0.9 kB gzip). Nothing here imports MUI or the
            // store, and the landing page needs none of it.
            {
              name: 'app-common',
              test: /[\\/]src[\\/](lib[\\/](money|time|initials|notification-settings|browser-notifications|use-load-when-idle|use-media-query)|components[\\/]plain[\\/])/,
            },
          ],
        },
      },
    },
  },
}));
