import { describe, expect, it } from 'vitest';
import {
  attachmentIdOf,
  parseAttachmentIds,
  safeFileName,
  strictAttachmentIds,
} from '../../../runtime/shared/attachments';

describe('attachment ids', () => {
  it('are positive whole numbers up to 2^53 - 1 written as plain digits', () => {
    expect(attachmentIdOf('12')).toBe(12);
    expect(attachmentIdOf('9007199254740991')).toBe(9007199254740991);
    for (const bad of ['0', '-1', '1.5', '1e3', ' 1', '', 'abc', '9007199254740992', '12345678901234567890'])
      expect(attachmentIdOf(bad), bad).toBeNull();
  });

  it('a written value with any part that is not an id is refused; a stored one skips it', () => {
    expect(strictAttachmentIds('3,1,3')).toEqual([3, 1]);
    expect(strictAttachmentIds(null)).toEqual([]);
    expect(strictAttachmentIds('1,12345678901234567890')).toBeNull();
    expect(strictAttachmentIds('1,,2')).toBeNull();
    expect(strictAttachmentIds(5)).toBeNull();
    expect(parseAttachmentIds('1,12345678901234567890,0,2')).toEqual([1, 2]);
  });
});

describe('safeFileName', () => {
  it('drops bidi and control characters, keeps ZWNJ, replaces path separators', () => {
    expect(safeFileName('صورت\u200cحساب\u202Efdp.exe')).toBe('صورت\u200cحسابfdp.exe');
    expect(safeFileName('\u2066a\u2069\u200E\u200F\u061C\u202A\u202B\u202C\u202Db')).toBe('ab');
    expect(safeFileName('../x\\y\u0000\u0085\u2028\uFEFF.txt')).toBe('.._x_y.txt');
    expect(safeFileName('  \u202E  ')).toBe('');
  });
});
