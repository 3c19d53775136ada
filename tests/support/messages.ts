/** Server messages for client tests, shaped as the server sends them (runtime/shared/envelope.ts). */
import { TEXT_KEY, type MessageParams, type MessageRef } from '../../runtime/shared/envelope';

/** A text written by a person (a rule's message, a duplicate's text): key `messages.text`. */
export function serverText(text: string): MessageRef & { Message: string } {
  return { Key: TEXT_KEY, Params: { text }, Message: text };
}

/** A message by translation key; `Message` is what the server would render (given, or the key). */
export function serverKey(
  key: string,
  params: MessageParams = {},
  message = key,
): MessageRef & { Message: string } {
  return { Key: key, Params: params, Message: message };
}
