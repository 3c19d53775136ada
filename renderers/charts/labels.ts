/**
 * Legible category labels (pure, unit-tested): a label is cut to a length that fits, and when the
 * slots are narrower than the labels only every n-th label is drawn (thinning); bar charts with
 * more categories than fit side by side turn into horizontal bars (one line per category).
 */

/** Approximate width of one character at the charts' 11 px label size (Vazirmatn, digits included). */
export const CHAR_PX = 6.5;
/** Labels are cut to this many characters (with an ellipsis). */
export const LABEL_CHARS = 14;
/** Free space kept between two neighbouring labels. */
const GAP_PX = 8;

/** The label as drawn: at most LABEL_CHARS characters, cut with «…». */
export function shortLabel(label: string, max = LABEL_CHARS): string {
  const chars = Array.from(label);
  return chars.length <= max ? label : `${chars.slice(0, max - 1).join('')}…`;
}

/** Drawn width of a label (estimate). */
export function labelWidth(label: string): number {
  return Array.from(shortLabel(label)).length * CHAR_PX;
}

/**
 * Every how many slots a label is drawn so that neighbours do not overlap: 1 when all fit, else
 * the smallest n with n × slot ≥ widest label + gap.
 */
export function labelEvery(labels: string[], slot: number): number {
  if (labels.length === 0 || slot <= 0) return 1;
  const widest = Math.max(...labels.map(labelWidth)) + GAP_PX;
  return Math.max(1, Math.ceil(widest / slot));
}

/** Whether label i is drawn under thinning by `every` (the first and then every n-th). */
export function showsLabel(index: number, every: number): boolean {
  return index % every === 0;
}

/**
 * Bar charts switch to horizontal bars when vertical ones would have to drop labels: more than
 * this many categories, or labels wider than their slots.
 */
export const VERTICAL_MAX = 8;

export function prefersHorizontal(labels: string[], slot: number): boolean {
  return labels.length > VERTICAL_MAX || labelEvery(labels, slot) > 1;
}
