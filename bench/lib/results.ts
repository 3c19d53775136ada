/** The result contract of every bench: bench/results/<name>.json = Figure[] (bench/run.mjs prints them). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  floor?: number;
  floorName?: string;
  /** Human-readable goal, e.g. "≤ 1.5× floor". */
  goal: string;
  pass: boolean;
}

export const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'results');

export function writeResults(bench: string, figures: Figure[]): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, `${bench}.json`), `${JSON.stringify(figures, null, 2)}\n`);
  for (const f of figures)
    console.log(
      `${f.pass ? 'PASS' : 'MISS'} ${f.name}: ${f.value} ${f.unit}` +
        (f.floor !== undefined ? ` (floor ${f.floorName ?? ''} ${f.floor})` : '') +
        ` goal ${f.goal}`,
    );
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

export const round = (n: number, digits = 2): number => Math.round(n * 10 ** digits) / 10 ** digits;
