/**
 * No import circles in reference/src: wiring.ts builds the state, app.ts
 * builds on it, and every import points down the layers (README ›
 * Architecture); nor in the conformance suite's machinery (conformance/src).
 * A circle means a module reaches back up; this finds the
 * first one and names its files. Type-only imports count too: they tie
 * the modules together just the same for a reader.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, 'src');
const CONFORMANCE_SRC = resolve(import.meta.dirname, '../conformance/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Each file's relative imports inside `root` (static, type-only and `export ... from`; not dynamic import()). */
function importGraph(files: string[], root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
    const targets = importedFiles
      .map((ref) => ref.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => resolve(dirname(file), name).replace(/\.js$/, '.ts'))
      .filter((target) => target.startsWith(root + '/') && existsSync(target));
    graph.set(file, targets);
  }
  return graph;
}

/** The first circle found by a depth-first walk, as the files along it; null when there is none. */
function findCircle(graph: Map<string, string[]>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string): string[] | null => {
    if (onPath.has(file)) return [...path.slice(path.indexOf(file)), file];
    if (done.has(file)) return null;
    path.push(file);
    onPath.add(file);
    for (const next of graph.get(file) ?? []) {
      const circle = visit(next);
      if (circle) return circle;
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
    return null;
  };
  for (const file of graph.keys()) {
    const circle = visit(file);
    if (circle) return circle;
  }
  return null;
}

describe('imports in reference/src', () => {
  it('finds a circle when there is one (the check itself)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCircle(graph)).toEqual(['a', 'b', 'c', 'a']);
    expect(findCircle(new Map([['a', ['b']], ['b', []], ['c', ['a', 'b']]]))).toBeNull();
  });

  it('form no circle', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(100);
    const circle = findCircle(importGraph(files, SRC));
    expect(circle?.map((file) => relative(SRC, file)).join(' -> ') ?? 'none').toBe('none');
  });
});

describe('imports in conformance/src', () => {
  it('form no circle', () => {
    const files = sourceFiles(CONFORMANCE_SRC);
    expect(files.length).toBeGreaterThan(50);
    const circle = findCircle(importGraph(files, CONFORMANCE_SRC));
    expect(circle?.map((file) => relative(CONFORMANCE_SRC, file)).join(' -> ') ?? 'none').toBe('none');
  });
});
