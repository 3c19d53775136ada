/**
 * server/ has no import cycles: every relative import (type-only ones too, they tie the files'
 * meanings together just as much) of every server/**\/*.ts is read with the TypeScript compiler's
 * own pre-processor, and the graph is walked depth-first; any cycle fails with its files in order.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');
const SERVER = join(ROOT, 'server');

function serverFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...serverFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The server files `file` imports (relative specifiers resolved to .ts or /index.ts). */
function importsOf(file: string, known: Set<string>): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const out: string[] = [];
  for (const ref of info.importedFiles) {
    if (!ref.fileName.startsWith('.')) continue;
    const base = resolve(dirname(file), ref.fileName);
    const target = [`${base}.ts`, join(base, 'index.ts'), base].find((p) => known.has(p));
    if (target) out.push(target);
  }
  return out;
}

/** The import graph of the server's files: file → the server files it imports. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(files.map((f) => [f, importsOf(f, known)]));
}

/** Every cycle found by a depth-first walk (one per back edge), as paths relative to the repository. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      const s = state.get(next);
      if (s === 'open')
        cycles.push([...stack.slice(stack.indexOf(next)), next].map((p) => relative(ROOT, p)));
      else if (s === undefined) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f);
  return cycles;
}

describe('server imports', () => {
  it('the walk reports a cycle when one edge closes a loop (the check itself works)', () => {
    const graph = importGraph(serverFiles(SERVER));
    expect(graph.size).toBeGreaterThan(50);
    const [from, to] = [...graph].find(([, imports]) => imports.length > 0)!;
    const target = to[0]!;
    graph.set(target, [...(graph.get(target) ?? []), from]);
    const cycles = findCycles(graph);
    expect(cycles.some((c) => c.includes(relative(ROOT, from)) && c.includes(relative(ROOT, target)))).toBe(
      true,
    );
  });

  it('has no cycle in server/', () => {
    expect(findCycles(importGraph(serverFiles(SERVER)))).toEqual([]);
  });
});
