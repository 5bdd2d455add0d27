import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The API's folders depend on each other in one direction: no folder imports (directly or through
 * others) a folder that imports it. Nest modules split or joined to dodge a cycle hide it; this
 * finds it from the import statements themselves.
 */
const SRC = __dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.(test|spec)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Folder → the other folders its files import from. */
export function folderImports(src: string): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of sourceFiles(src)) {
    const [from, ...rest] = relative(src, file).split('/');
    if (rest.length === 0) continue;
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      const [to, ...inside] = relative(src, resolve(dirname(file), spec)).split('/');
      if (inside.length === 0 || to === from || to.startsWith('..')) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }
  return edges;
}

/** A path of folders from `start` back to itself, or null. */
export function cycleFrom(edges: Map<string, Set<string>>, start: string): string[] | null {
  const seen = new Set<string>();
  const walk = (folder: string, path: string[]): string[] | null => {
    for (const next of edges.get(folder) ?? []) {
      if (next === start) return [...path, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...path, next]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, [start]);
}

describe('imports between the API folders', () => {
  it('finds a cycle when there is one', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cycleFrom(edges, 'a')).toEqual(['a', 'b', 'c', 'a']);
    expect(cycleFrom(new Map([['a', new Set(['b'])]]), 'a')).toBeNull();
  });

  it('form no cycle', () => {
    const edges = folderImports(SRC);
    expect(edges.get('beats')).toContain('audios');
    const cycles = [...edges.keys()].map((folder) => cycleFrom(edges, folder)).filter(Boolean);
    expect(cycles).toEqual([]);
  });
});
