import { describe, expect, it } from 'vitest';
import { describeFindings, findDefects, withoutAllowed } from '../../support/visibleText';

const at = (text: string) => ({ kind: 'text', text, where: '/x' });
const problems = (text: string, extra: string[] = []) => findDefects(at(text), extra).map((f) => f.problem);

describe('the walker finds what a Persian reader should not see', () => {
  it('passes Persian text and Persian digits', () => {
    expect(problems('مالیات ۱۰٪ — سال مالی ۱۴۰۴')).toEqual([]);
  });
  it('finds Latin digits', () => {
    expect(problems('دست‌کم 0')).toEqual(['latin-digit']);
    expect(findDefects(at('سال مالی 1404'))[0]?.match).toBe('1404');
  });
  it('finds raw translation keys, placeholders and camelCase entity keys', () => {
    expect(problems('transport.routePlanner')).toEqual(['raw-key']);
    expect(problems('فیلدها ({{n}})')).toEqual(['raw-key']);
    expect(problems('salesInvoice')).toEqual(['raw-key']);
  });
  it('finds stray English words', () => {
    expect(problems('وضعیت draft')).toEqual(['english']);
  });
  it('lets URLs, stack frames, e-mails, codes and unit symbols through', () => {
    expect(withoutAllowed('GET https://a.example/api/x?id=12 failed').replace(/\s+/g, ' ')).toBe(
      'GET failed',
    );
    expect(problems('at render (/assets/index-ab12.js:3:40)')).toEqual([]);
    expect(problems('kg')).toEqual([]);
    expect(problems('© OpenStreetMap')).toEqual([]);
    expect(
      findDefects({ kind: 'text', text: 'TypeError at e.then 12', where: 'x /management/uiLog div col=log' }),
    ).toEqual([]);
    expect(
      findDefects({ kind: 'text', text: 'e.then', where: 'x /management/uiLog div col=userName' }),
    ).toHaveLength(1);
    expect(problems('رایانامه info@example.com')).toEqual([]);
    expect(problems('کد ABC', ['ABC'])).toEqual([]);
    expect(problems('PO-۱۴۰۵-۰۰۰۱')).toEqual([]);
    expect(problems('IR۶۳۰۰۵۶۰۴۰۰۸۰۰۱۲۹۳۳۷۷۷۷۷۷')).toEqual([]);
    expect(problems('PO-1405')).toEqual(['latin-digit']);
  });
  it('lets a sign-in name through only where a user is named, never as a role', () => {
    const seen = (text: string, where: string, kind = 'text') => findDefects({ kind, text, where });
    // the sign-in names are also the shipped roles' names: a bare one is an untranslated role
    expect(problems('admin')).toEqual(['english']);
    expect(seen('staff', '/security/users td col=«نقش» user=staff')).toHaveLength(1);
    expect(seen('نقش admin است', '/x td col=userName')).toHaveLength(1);
    // a user-name column or field shows a sign-in name
    expect(seen('staff', '/security/users td col=«نام کاربری» user=staff')).toEqual([]);
    expect(seen('storekeeper', '/management/uiLog div col=userName')).toEqual([]);
    expect(seen('storekeeper', '/workFlow/transitionLog (form) input field=userName', 'value')).toEqual([]);
    // a user's row may name that user in its labels, not another one, and not in its cells' text
    expect(seen('ویرایش staff', '/security/users button user=staff', 'aria-label')).toEqual([]);
    expect(seen('ویرایش admin', '/security/users button user=staff', 'aria-label')).toHaveLength(1);
    expect(seen('ویرایش staff', '/security/users td col=«نقش» user=staff')).toHaveLength(1);
  });
  it('describes each finding once', () => {
    const f = [...findDefects(at('ab 1')), ...findDefects(at('ab 1'))];
    expect(describeFindings(f)).toHaveLength(2);
    expect(describeFindings(f)[0]).toMatch(/\(×2\)$/);
  });
});
