#!/usr/bin/env node
// `node scripts/import-cycles.mjs` (part of `npm run lint`): fails when modules import each other
// in a circle. Reads every TypeScript and JavaScript source the repository tracks, follows its
// relative imports (type-only and dynamic ones too: a cycle of types is still a tangle of layers)
// and prints each group of modules that reach one another, with one circle through it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

/** Resolves a relative specifier the way TypeScript's NodeNext/bundler resolution does for this repo. */
function resolve(fromFile, spec, exists) {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), spec);
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  const tries = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return tries.find((f) => SOURCE.test(f) && exists(f));
}

/** The import graph of `files` (absolute paths): file → the files it imports. */
export function importGraph(files) {
  const known = new Set(files);
  const exists = (f) => known.has(f);
  const graph = new Map();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set();
    for (const ref of info.importedFiles) {
      const target = resolve(file, ref.fileName, exists);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Groups of two or more modules that import one another (Tarjan's strongly connected components). */
export function cycles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  // Iterative, so a deep import chain cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (idx.has(start)) continue;
    const work = [[start, 0]];
    while (work.length) {
      const frame = work[work.length - 1];
      const [v, i] = frame;
      if (i === 0) {
        idx.set(v, index);
        low.set(v, index);
        index++;
        stack.push(v);
        onStack.add(v);
      }
      const next = graph.get(v) ?? [];
      if (i < next.length) {
        frame[1]++;
        const w = next[i];
        if (!idx.has(w)) work.push([w, 0]);
        else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(v)));
      }
      if (low.get(v) === idx.get(v)) {
        const group = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          group.push(w);
        } while (w !== v);
        if (group.length > 1 || (graph.get(v) ?? []).includes(v)) groups.push(group.sort());
      }
    }
  }
  return groups;
}

/** One circle through a group: the shortest way from its first module back to itself. */
export function circleThrough(graph, group) {
  const inGroup = new Set(group);
  const start = group[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (w === start) {
        const circle = [start];
        for (let u = v; u !== null && u !== start; u = prev.get(u)) circle.splice(1, 0, u);
        return [...circle, start];
      }
      if (inGroup.has(w) && !prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return group;
}

/** The tracked source files of the repository at `root` (generated and vendored files excluded). */
export function trackedSources(root) {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  return out
    .split('\0')
    .filter(
      (f) =>
        SOURCE.test(f) && !f.endsWith('.d.ts') && !f.includes('node_modules/') && !/(^|\/)dist\//.test(f),
    )
    .map((f) => path.join(root, f))
    .filter((f) => existsSync(f));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = trackedSources(root);
  const graph = importGraph(files);
  const found = cycles(graph);
  for (const group of found) {
    const circle = circleThrough(graph, group).map((f) => path.relative(root, f));
    console.log(`import cycle (${group.length} modules): ${circle.join(' → ')}`);
  }
  console.log(
    `import-cycles: ${files.length} modules, ${found.length} cycle${found.length === 1 ? '' : 's'}`,
  );
  process.exit(found.length ? 1 : 0);
}
