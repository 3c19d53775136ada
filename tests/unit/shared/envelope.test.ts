/** The message shape of the envelope: keys with parameters, their texts alongside. */
import { describe, expect, it } from 'vitest';
import { failure, messageParams, messageText, ok, TEXT_KEY } from '../../../runtime/shared/envelope';

const translate = (key: string, params: Record<string, string | number>) =>
  `${key}(${Object.entries(params)
    .map(([k, v]) => `${k}=${v}`)
    .join(',')})`;

describe('envelope messages', () => {
  it('a message is shown by its key and parameters, whatever its text looks like', () => {
    expect(messageText({ Key: 'validation.minimum', Params: { limit: 3 } }, translate)).toBe(
      'validation.minimum(limit=3)',
    );
    // a text that looks like a key is still a text: it travels as the parameter of the text key
    expect(messageText({ Key: TEXT_KEY, Params: { text: 'errors.NotFound' } }, translate)).toBe(
      'messages.text(text=errors.NotFound)',
    );
  });

  it('keeps numbers and strings as parameters and writes anything else as text', () => {
    expect(
      messageParams({ limit: 0.001, format: 'ir-mobile', ok: true, list: ['a', 'b'], none: undefined }),
    ).toEqual({
      limit: 0.001,
      format: 'ir-mobile',
      ok: 'true',
      list: 'a,b',
    });
    expect(messageParams()).toEqual({});
  });

  it('an error envelope carries each message key beside its text, a success none', () => {
    const body = failure([{ Key: 'errors.NotFound', Params: {}, Message: 'یافت نشد' }]);
    expect(body.MessageTexts).toEqual(['یافت نشد']);
    expect(body.Messages).toEqual([{ Key: 'errors.NotFound', Params: {} }]);
    expect(ok(1)).toMatchObject({ Messages: [], MessageTexts: [] });
  });
});
