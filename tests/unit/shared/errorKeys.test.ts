/** Every answer-level error key has its text in both shared translation files. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../../runtime/shared/errorKeys';
import { CATALOGUE } from '../../../runtime/http/catalogue';

const texts = (lang: string) =>
  (
    JSON.parse(
      readFileSync(resolve(__dirname, `../../../src/public/assets/i18n/share/${lang}.json`), 'utf8'),
    ) as {
      errors: Record<string, unknown>;
    }
  ).errors;

describe('error keys', () => {
  it.each(['fa', 'en'])('each has a text under errors. in %s.json', (lang) => {
    const errors = texts(lang);
    for (const key of ERROR_KEYS) {
      expect(Object.hasOwn(errors, key), key).toBe(true);
      expect(typeof errors[key] === 'string' && errors[key] !== '', key).toBe(true);
    }
  });

  it('the catalogue toasts only listed keys', () => {
    const keys = CATALOGUE.flatMap((row) =>
      row.handle.flatMap((a) =>
        a.do === 'toast' ? [a.key] : a.do === 'toastMessages' && a.fallbackKey ? [a.fallbackKey] : [],
      ),
    );
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) expect(ERROR_KEYS).toContain(key);
  });
});
