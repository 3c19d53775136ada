/** The structural check of field patterns (runtime/shared/patternSafety.ts). */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_PATTERN_LENGTH, unsafePattern } from '../../../runtime/shared/patternSafety';

/** Every `pattern` of a field in the shipped definitions. */
function shippedPatterns(dir = join(__dirname, '../../../schemas')): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...shippedPatterns(path));
    else if (name.endsWith('.json') && !name.endsWith('.schema.json')) {
      const def = JSON.parse(readFileSync(path, 'utf8')) as {
        schema?: { properties?: Record<string, { pattern?: string }> };
        children?: Record<string, { schema: { properties: Record<string, { pattern?: string }> } }>;
      };
      const props = [
        def.schema?.properties ?? {},
        ...Object.values(def.children ?? {}).map((c) => c.schema.properties),
      ];
      for (const p of props) for (const f of Object.values(p)) if (f.pattern) out.push(f.pattern);
    }
  }
  return out;
}

describe('unsafePattern', () => {
  it('accepts every shipped pattern and common safe ones', () => {
    const shipped = shippedPatterns();
    expect(shipped.length).toBeGreaterThan(3);
    const safe = [
      '^[0-9]+(,[0-9]+)*$',
      '^IR[0-9]{24}$',
      '^\\d{10}$',
      '^09[0-9]{9}$',
      '^[\\u0600-\\u06FF ]+$',
      'abc',
    ];
    for (const p of [...shipped, ...safe]) expect(unsafePattern(p), p).toBeNull();
  });

  it('refuses invalid and over-long patterns', () => {
    expect(unsafePattern('(')).toMatch(/not a valid/);
    expect(unsafePattern('[a-')).toMatch(/not a valid/);
    expect(unsafePattern('a'.repeat(MAX_PATTERN_LENGTH + 1))).toMatch(/longer/);
  });

  it('refuses patterns with catastrophic backtracking', () => {
    const bad = [
      '^(a|aa)+$',
      '^(a|a)*$',
      '^(a+)+$',
      '^(a*)*b$',
      '^(\\d+)*$',
      '^(\\w+\\s?)*$',
      '^([a-z]+\\.)+[a-z]+$',
      '(.*a){12}',
      '^a*a*$',
      '^\\d+[0-9]+$',
      '^(?:x+x+)+y$',
      '^((ab)*)+$',
    ];
    for (const p of bad) expect(unsafePattern(p), p).toMatch(/exponential/);
  });

  it('refuses backreferences and lookarounds', () => {
    for (const p of ['(a)\\1', '(?<x>a)\\k<x>', '(?=a)a', '(?!a)b', '(?<=a)b'])
      expect(unsafePattern(p), p).not.toBeNull();
  });

  it('takes linear time on what it accepts, for a long hostile input', () => {
    const input = `${'1,'.repeat(20_000)}x`;
    const started = performance.now();
    expect(new RegExp('^[0-9]+(,[0-9]+)*$', 'u').test(input)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
