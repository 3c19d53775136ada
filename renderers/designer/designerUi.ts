/**
 * The designer form's uiSchema over the definition format's JSON Schema (Designer/Schema) and its
 * validator. Labels come from the translations; the parts a table edits better use the custom
 * fields of fields.tsx. Nothing is compiled in the browser: the RJSF validator here reports no
 * errors of its own, the server's Designer/Plan checks the definition and its messages land
 * under their JSON paths (planErrors).
 */
import type { ErrorSchema, RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import type { ServerMessage } from '../../runtime/shared/envelope';

type Translate = (key: string) => string;

/** A part of the editor that takes the whole row (templates/ObjectFieldTemplate.tsx). */
const WIDE = { wide: true };

export function designerUiSchema(t: Translate): UiSchema {
  const title = (key: string) => ({ 'ui:title': t(`designer.form.${key}`) });
  const localText = (key: string) => ({
    ...title(key),
    fa: { 'ui:title': t(`designer.form.${key}Fa`) },
    en: { 'ui:title': t(`designer.form.${key}En`) },
  });
  return {
    'ui:order': [
      'module',
      'name',
      'title',
      'displayField',
      'menu',
      'schema',
      'list',
      'children',
      'rules',
      'scope',
      '*',
    ],
    'ui:submitButtonOptions': { norender: true },
    $schema: { 'ui:field': 'designerNothing' },
    module: title('module'),
    name: { ...title('name'), 'ui:options': { dir: 'ltr' } },
    title: localText('title'),
    // chosen by label (fields.tsx)
    displayField: { 'ui:field': 'designerDisplayField' },
    menu: { 'ui:field': 'designerMenu' },
    // the tables take the whole width of the editor (at 1366 px a grid cell left them 390 px)
    schema: { 'ui:field': 'designerEntityFields', 'ui:options': WIDE },
    fields: { 'ui:field': 'designerNothing' },
    uiSchema: { 'ui:field': 'designerNothing' },
    list: {
      ...title('list'),
      'ui:options': WIDE,
      columns: { 'ui:field': 'designerColumns', 'ui:label': false },
      defaultSort: { 'ui:field': 'designerNothing' },
      pageSize: title('pageSize'),
      tree: {
        ...title('tree'),
        'ui:description': t('designer.form.treeHint'),
        parentField: { ...title('treeParent'), 'ui:options': { dir: 'ltr' } },
        levelField: { ...title('treeLevel'), 'ui:options': { dir: 'ltr' } },
      },
    },
    children: { 'ui:field': 'designerChildren', 'ui:options': WIDE },
    rules: { 'ui:field': 'designerRules', 'ui:options': WIDE },
    scope: { ...title('scope'), party: title('scopeParty'), partyKind: title('scopePartyKind') },
    branchScoped: title('branchScoped'),
    // the numbering series (docs/lowcode-api.md «Numbering series»): pattern and when it numbers
    numbering: {
      ...title('numbering'),
      field: title('numberingField'),
      pattern: { ...title('numberingPattern'), 'ui:options': { dir: 'ltr' } },
      on: {
        ...title('numberingOn'),
        'ui:enumNames': [t('designer.form.numberingOnCreate'), t('designer.form.numberingOnFinalise')],
      },
    },
    // a master row's floating detail account (docs/accounting.md): the detail group's code
    detailAccount: {
      ...title('detailAccount'),
      group: { ...title('detailAccountGroup'), 'ui:options': { dir: 'ltr' } },
    },
    // what the document posts (docs/accounting.md): kept as published (Designer/Publish with JSON), not drawn here
    posting: { 'ui:field': 'designerNothing' },
    // who writes the rows (docs/api.md «Written by the server»): kept as the file says, not edited here
    writes: { 'ui:field': 'designerNothing' },
    serverRows: { 'ui:field': 'designerNothing' },
    // what the document moves in stock (docs/inventory.md): kept as published (Designer/Publish with JSON), not drawn here
    stock: { 'ui:field': 'designerNothing' },
    // the party's credit limit checked on Finalise (docs/credit.md): kept as published, not drawn here
    credit: { 'ui:field': 'designerNothing' },
    // the document it is made from (docs/chain.md): kept as published, not drawn here
    source: { 'ui:field': 'designerNothing' },
    // how a row prints (docs/print.md): edited in the «print formats» tab (PrintFormatsEditor)
    printFormats: { 'ui:field': 'designerNothing' },
    // what happens on the document's events: edited in the automations tab (AutomationsEditor.tsx)
    automations: { 'ui:field': 'designerNothing' },
  };
}

/** An RJSF validator that compiles nothing and finds nothing: the server validates (Plan). */
export const serverValidated: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => true,
  rawValidation: () => ({ errors: [] }),
};

/** Plan's 417 field messages (FieldName = JSON path such as /schema/properties/x/type) as an error schema. */
export function planErrors(messages: ServerMessage[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const m of messages) {
    const parts = m.FieldName.split('/').filter(Boolean);
    let node = root;
    for (const p of parts) node = (node[p] ??= {}) as Record<string, unknown>;
    const errors = ((node.__errors as string[] | undefined) ??= []);
    errors.push(m.Message);
  }
  return root as ErrorSchema;
}

/** The schema as RJSF takes it (the server sends plain JSON). */
export function asFormSchema(schema: unknown): RJSFSchema {
  return schema as RJSFSchema;
}
