/**
 * The style renderer of the app's Fluent components (Griffel's DOM renderer), inserting each
 * component's rules once. Under React 18+, Griffel inserts a component's rules from an insertion
 * effect of every mounted instance, and its renderer walks all of them (a style sheet lookup per
 * rule, then its cache) each time: a form of 300 inputs walked the input's rules 300 times, about a
 * twentieth of its first render. The same rules object (one per style hook and direction) is walked
 * here only once; rules already inserted are never removed, so nothing is left out.
 */
import { createDOMRenderer, type GriffelRenderer } from '@fluentui/react-components';

/** A renderer for `target` (give it to RendererProvider around the app's FluentProvider). */
export function createStyleRenderer(target: Document = document): GriffelRenderer {
  const renderer = createDOMRenderer(target);
  const insert = renderer.insertCSSRules;
  const inserted = new WeakSet<object>();
  renderer.insertCSSRules = (rules) => {
    if (inserted.has(rules)) return;
    inserted.add(rules);
    insert(rules);
  };
  return renderer;
}

const shared = new WeakMap<Document, GriffelRenderer>();

/**
 * The one renderer of a document, for every React root drawing Fluent components in it (the app,
 * the grid's warm-up): two renderers would each insert the rules into style sheets of their own,
 * and the order of those sheets would decide between rules of equal specificity.
 */
export function styleRendererOf(target: Document = document): GriffelRenderer {
  let renderer = shared.get(target);
  if (!renderer) shared.set(target, (renderer = createStyleRenderer(target)));
  return renderer;
}
