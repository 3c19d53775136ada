/**
 * Widgets whose shown text differs from the stored value (numbers, money, dates) keep what the user
 * typed while it still means the stored value, and re-derive the text when the value changes from
 * outside (reset, server data).
 */
import { useState } from 'react';

export function useTypedText<V>(
  value: V,
  format: (value: V) => string,
  parse: (text: string) => V,
  same: (a: V, b: V) => boolean = Object.is,
): [string, (text: string) => V] {
  const [state, setState] = useState(() => ({ text: format(value), value }));
  let text = state.text;
  if (!same(state.value, value)) {
    // Value changed outside the widget: show it (render-time state sync, no effect needed).
    text = format(value);
    setState({ text, value });
  }
  const onText = (next: string): V => {
    const parsed = parse(next);
    setState({ text: next, value: parsed });
    return parsed;
  };
  return [text, onText];
}
