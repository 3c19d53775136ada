/** Every kind of change Plan answers has its label in both shared translation files. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAN_CHANGE_KINDS } from '../../../runtime/shared/plan';

type Texts = { designer: { plan: { kinds: Record<string, unknown> } } };

describe('plan change kinds', () => {
  it.each(['fa', 'en'])('each has a label under designer.plan.kinds in %s.json', (lang) => {
    const file = resolve(__dirname, `../../../src/public/assets/i18n/share/${lang}.json`);
    const kinds = (JSON.parse(readFileSync(file, 'utf8')) as Texts).designer.plan.kinds;
    for (const kind of PLAN_CHANGE_KINDS) expect(typeof kinds[kind], kind).toBe('string');
  });
});
