import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

interface ModuleGraph {
  SHARED: string[];
  moduleEdges(): Map<string, Set<string>>;
  moduleCycles(): string[][];
  mermaid(): string;
  documentedGraph(text: string): string | null;
}

const root = resolve(__dirname, '../..');
const graph = createRequire(__filename)(resolve(root, 'scripts/module-graph.cjs')) as ModuleGraph;

/**
 * The boundaries between backend modules, read from their imports (scripts/module-graph.cjs), so they hold by
 * themselves instead of by review.
 */
describe('backend module boundaries', () => {
  it('shared layers (common, database, config) import no feature module', () => {
    const inward = [...graph.moduleEdges()]
      .filter(([key]) => {
        const [from, to] = key.split(' -> ');
        return graph.SHARED.includes(from ?? '') && !graph.SHARED.includes(to ?? '') && to !== 'app';
      })
      .map(([key, files]) => `${key} (${[...files].join(', ')})`);
    expect(inward).toEqual([]);
  });

  it('no two feature modules import each other, directly or through others', () => {
    // A cycle means neither module can be understood, tested or changed without the other. The last one
    // (six modules around bets) was taken apart; docs/architecture.md says how.
    expect(graph.moduleCycles()).toEqual([]);
  });

  it('docs/architecture.md shows the graph the imports make', () => {
    const doc = readFileSync(resolve(root, 'docs/architecture.md'), 'utf8');
    // If this fails after a change of imports: node scripts/module-graph.cjs --write
    expect(graph.documentedGraph(doc)).toBe(graph.mermaid());
  });
});
