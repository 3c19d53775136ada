// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pruneGridCss } from '../../../../renderers/grid/build/pruneGridCss.ts';

interface FakeRule {
  selectors: string[];
  removed: boolean;
  remove(): unknown;
}

/** Runs the plugin over rules of a file at `file` and returns what is left. */
function prune(file: string, selectors: string[][]): string[][] {
  const rules = selectors.map((s): FakeRule => {
    const rule: FakeRule = { selectors: s, removed: false, remove: () => (rule.removed = true) };
    return rule;
  });
  pruneGridCss().Once({ source: { input: { file } }, walkRules: (visit) => rules.forEach(visit) });
  return rules.filter((r) => !r.removed).map((r) => r.selectors);
}

const AG_CSS = '/x/node_modules/ag-grid-community/styles/ag-grid.css';

describe('pruneGridCss', () => {
  it('keeps the rules of classes the grid code sets and drops the enterprise-only ones', () => {
    expect(
      prune(AG_CSS, [
        ['.ag-header-cell'],
        ['.ag-pivot-mode-panel'],
        ['.ag-ltr .ag-side-bar-left', '.ag-ltr .ag-header-cell'],
        ['.ag-theme-quartz .ag-cell'],
        ['.ag-icon-filter'],
      ]),
    ).toEqual([
      ['.ag-header-cell'],
      ['.ag-ltr .ag-header-cell'],
      ['.ag-theme-quartz .ag-cell'],
      ['.ag-icon-filter'],
    ]);
  });

  it('never drops a rule for a class inside :not() and leaves other style sheets alone', () => {
    expect(prune(AG_CSS, [['.ag-cell:not(.ag-pivot-mode-panel)']])).toEqual([
      ['.ag-cell:not(.ag-pivot-mode-panel)'],
    ]);
    expect(prune('/x/src/app.css', [['.ag-pivot-mode-panel']])).toEqual([['.ag-pivot-mode-panel']]);
  });
});
