import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { transformFile } from '@swc/core';

const backendRoot = join(__dirname, '../..');

/**
 * A runnable copy of the backend's src (what `nx run backend:build` makes of it), transpiled file by file
 * with swc in well under a second, so the CLI or the server is run exactly as `npm run admin` or
 * `npm start` runs it, from today's sources, without touching the shared dist/ folder.
 */
export async function compileBackend(): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), 'betwixt-cli-'));
  const sources: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) sources.push(path);
    }
  };
  walk(join(backendRoot, 'src'));
  await Promise.all(
    sources.map(async (source) => {
      const { code } = await transformFile(source, {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'es6' },
      });
      const target = join(out, relative(join(backendRoot, 'src'), source)).replace(/\.ts$/, '.js');
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, code);
    }),
  );
  writeFileSync(join(out, 'package.json'), JSON.stringify({ type: 'module' }));
  symlinkSync(join(backendRoot, '../node_modules'), join(out, 'node_modules'), 'dir');
  return out;
}
