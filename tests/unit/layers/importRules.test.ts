// @vitest-environment node
/**
 * The layer rules of eslint.config.js are in force: server/ takes nothing from renderers/ or src/,
 * runtime/shared/ takes only libraries and its own files, runtime/ takes no UI library. `npm run lint`
 * (a step of `npm test`) applies them to the tree; this test fails when a rule is dropped or loosened.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The messages of no-restricted-imports for one import line in a file at `path`. */
async function refusals(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${source}';\nexport { x };\n`, {
    filePath: path,
  });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// the first lint loads the config and the TypeScript parser: seconds on a loaded 2-core machine
describe('layer rules', { timeout: 60_000 }, () => {
  it.each([
    ['server/entities/sample.ts', '../../renderers/format'],
    ['server/entities/sample.ts', '../../src/App'],
    ['runtime/shared/sample.ts', '../entity/client'],
    ['runtime/shared/sample.ts', '../../server/app'],
    ['runtime/shared/sample.ts', '../../renderers/format'],
    ['runtime/entity/sample.ts', '../../renderers/format'],
    ['runtime/entity/sample.ts', '@fluentui/react-components'],
  ])('%s may not import %s', async (path, source) => {
    expect((await refusals(path, source)).length).toBeGreaterThan(0);
  });

  it.each([
    ['server/entities/sample.ts', '../../runtime/shared/definition'],
    ['server/entities/sample.ts', '../db/types'],
    ['runtime/shared/sample.ts', './definition'],
    ['runtime/shared/sample.ts', '../shared/definition'],
    ['runtime/shared/sample.ts', 'ajv'],
    ['runtime/entity/sample.ts', '../shared/definition'],
  ])('%s may import %s', async (path, source) => {
    expect(await refusals(path, source)).toEqual([]);
  });
});
