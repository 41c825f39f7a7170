import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS } from './node-flags.js';

const repository = join(__dirname, '../../..');

/** The flags between `node` and the entry point in one way of starting the server. */
function flagsBefore(entry: string, command: string): string[] {
  const start = command.indexOf('node ');
  const end = command.indexOf(entry);
  if (start === -1 || end === -1) throw new Error(`no "node … ${entry}" in ${command}`);
  return command
    .slice(start + 'node '.length, end)
    .trim()
    .split(/\s+/)
    .filter(Boolean);
}

// The start script and the image spell the flags out (neither can import them); a flag added in one place only
// would make the benchmarks measure a server nobody runs.
describe('the server is started with SERVER_NODE_FLAGS everywhere', () => {
  it('by npm start', () => {
    const { scripts } = JSON.parse(readFileSync(join(repository, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(flagsBefore('backend/dist/main.js', scripts['start'] ?? '')).toEqual(SERVER_NODE_FLAGS);
  });

  it('by the Docker image', () => {
    const dockerfile = readFileSync(join(repository, 'docker/Dockerfile'), 'utf8');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    const words = JSON.parse(cmd ?? '[]') as string[];
    expect(words[0]).toBe('node');
    expect(words.slice(1, -1)).toEqual(SERVER_NODE_FLAGS);
    expect(words.at(-1)).toBe('backend/dist/main.js');
  });
});
