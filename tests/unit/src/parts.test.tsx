/** Small shell pieces: title format, query preferences, toast translation, brand colours. */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { composeTitle } from '../../../src/title';
import { readPrefs } from '../../../src/prefs';
import { toastText } from '../../../src/toastSink';
import { FONT_FAMILY } from '../../../src/theme';
import { brandFrom, themeFor } from '../../../src/themeVariants';
import { setupI18n } from '../support/i18n';

beforeAll(setupI18n);
beforeEach(() => sessionStorage.clear());

describe('shell parts', () => {
  it('page title: translated title, then " | " and the period name when stored', () => {
    expect(composeTitle('مشتریان', 'سال ۱۴۰۵')).toBe('مشتریان | سال ۱۴۰۵');
    expect(composeTitle('مشتریان', null)).toBe('مشتریان');
  });

  it('query parameters set layout, scheme, primary colour and direction, kept for the tab', () => {
    expect(readPrefs('?layout=empty&scheme=dark&primary=336699&rtl=false')).toEqual({
      layout: 'empty',
      scheme: 'dark',
      primary: '#336699',
      rtl: false,
    });
    expect(readPrefs('')).toEqual({ layout: 'empty', scheme: 'dark', primary: '#336699', rtl: false });
    expect(readPrefs('?scheme=blue&primary=zzz').scheme).toBe('dark');
  });

  it('theme: brand ramp of 16 shades around the primary colour, Vazirmatn as base font', () => {
    const brand = brandFrom('#336699');
    expect(Object.keys(brand)).toHaveLength(16);
    expect(brand[80]).toBe('#336699');
    expect(themeFor({ layout: null, scheme: 'light', primary: null, rtl: null }).fontFamilyBase).toBe(
      FONT_FAMILY,
    );
  });

  it('toasts: catalogue keys are translated, literal and unknown texts shown as they are', () => {
    expect(toastText({ text: 'TheSessionIsOver', kind: 'error' })).toBe(
      'نشست شما به پایان رسیده است؛ لطفاً دوباره وارد شوید.',
    );
    expect(toastText({ text: 'changePassword.done', kind: 'success' })).toBe('رمز عبور تغییر کرد.');
    expect(toastText({ text: 'کد تکراری است', kind: 'error' })).toBe('کد تکراری است');
    expect(toastText({ text: 'TheSessionIsOver', kind: 'error', literal: true })).toBe('TheSessionIsOver');
  });
});
