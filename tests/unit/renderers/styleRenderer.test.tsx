/**
 * Fluent's style renderer (renderers/styleRenderer.ts): rules reach the document's style sheets as
 * Griffel's own renderer puts them there, a rules object already inserted is not walked again, new
 * rules still come in, and every root of a document shares one renderer.
 */
import { FluentProvider, makeStyles, RendererProvider, webLightTheme } from '@fluentui/react-components';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createStyleRenderer, styleRendererOf } from '../../../renderers/styleRenderer';

const sheetText = () =>
  [...document.querySelectorAll('style')]
    .map((s) => [...(s.sheet?.cssRules ?? [])].map((r) => r.cssText).join('\n'))
    .join('\n');

describe('styleRenderer', () => {
  it('inserts the rules of a rules object once, and walks it only the first time', () => {
    const renderer = createStyleRenderer(document);
    let walks = 0;
    const rules = {
      get d() {
        walks++;
        return ['.t-once{color:red;}'];
      },
    };
    renderer.insertCSSRules(rules);
    renderer.insertCSSRules(rules);
    renderer.insertCSSRules(rules);
    expect(walks).toBe(1);
    expect(sheetText().match(/\.t-once/g)).toHaveLength(1);
    renderer.insertCSSRules({ d: ['.t-once{color:red;}', '.t-new{color:blue;}'] });
    expect(sheetText().match(/\.t-once/g)).toHaveLength(1);
    expect(sheetText()).toContain('.t-new');
  });

  it('gives every mounted instance its classes and the document their rules', () => {
    const useStyles = makeStyles({ box: { paddingTop: '7px', color: 'rgb(1, 2, 3)' } });
    function Box({ label }: { label: string }) {
      const styles = useStyles();
      return (
        <div role="note" className={styles.box}>
          {label}
        </div>
      );
    }
    const { getAllByRole } = render(
      <RendererProvider renderer={styleRendererOf(document)} targetDocument={document}>
        <FluentProvider theme={webLightTheme}>
          {['a', 'b', 'c'].map((l) => (
            <Box key={l} label={l} />
          ))}
        </FluentProvider>
      </RendererProvider>,
    );
    const boxes = getAllByRole('note');
    expect(boxes).toHaveLength(3);
    const classes = boxes.map((b) => b.className);
    expect(new Set(classes).size).toBe(1);
    expect(sheetText()).toMatch(/padding-top: 7px/);
    expect(getComputedStyle(boxes[2] as HTMLElement).paddingTop).toBe('7px');
  });

  it('is one renderer per document', () => {
    expect(styleRendererOf(document)).toBe(styleRendererOf(document));
    const other = document.implementation.createHTMLDocument('other');
    expect(styleRendererOf(other)).not.toBe(styleRendererOf(document));
  });
});
