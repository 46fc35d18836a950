// The import-cycle check of `npm run lint`: it finds a circle of any length (type-only and
// dynamic imports included), names the modules on it, and passes a graph that only points down.
// `npm run lint` runs it over the repository.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { circleThrough, cycles, importGraph } from './import-cycles.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes the modules (name → source) into a fresh folder and returns their graph. */
function graphOf(sources: Record<string, string>): {
  graph: Map<string, string[]>;
  at: (n: string) => string;
} {
  const root = mkdtempSync(path.join(dir, 'case-'));
  const at = (name: string) => path.join(root, name);
  for (const [name, text] of Object.entries(sources)) writeFileSync(at(name), text);
  return { graph: importGraph(Object.keys(sources).map(at)), at };
}

describe('import cycles', () => {
  it('finds a circle through a type-only import and names it in order', () => {
    const { graph, at } = graphOf({
      'a.ts': "import { b } from './b.js';\nexport const a = b;\n",
      'b.ts': "import { c } from './c.js';\nexport const b = c;\n",
      'c.ts': "import type { A } from './a.js';\nexport const c = 1;\nexport type C = A;\n",
    });
    const found = cycles(graph);
    expect(found).toEqual([[at('a.ts'), at('b.ts'), at('c.ts')]]);
    expect(circleThrough(graph, found[0]!)).toEqual([at('a.ts'), at('b.ts'), at('c.ts'), at('a.ts')]);
  });

  it('counts a dynamic import, and a module that imports itself', () => {
    const { graph, at } = graphOf({
      'pick.ts': "export const load = () => import('./backend.js');\n",
      'backend.ts': "import type { X } from './pick.js';\nexport type Y = X;\n",
      'self.ts': "import * as me from './self.js';\nexport const self = me;\n",
    });
    expect(cycles(graph).sort()).toEqual([[at('backend.ts'), at('pick.ts')], [at('self.ts')]].sort());
  });

  it('passes modules that only import downwards, and ignores packages', () => {
    const { graph } = graphOf({
      'top.ts': "import { mid } from './mid.js';\nimport { z } from 'zod';\nexport const top = [mid, z];\n",
      'mid.ts': "import { low } from './low.js';\nexport const mid = low;\n",
      'low.ts': "import path from 'node:path';\nexport const low = path.sep;\n",
    });
    expect(cycles(graph)).toEqual([]);
  });
});
