/**
 * The designer's editor: an RJSF form generated over the definition format's JSON Schema (as the
 * server sends it, Designer/Schema) with the shared widgets and templates, plus the designer's own
 * fields (fields table, child tables, rules, columns, menu). The draft is controlled by the page.
 */
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityDefinition, Lang } from '../../runtime/shared/definition';
import type { ServerMessage } from '../../runtime/shared/envelope';
import { formTemplates } from '../form/templates';
import { widgetRegistry } from '../form/widgets/registry';
import type { DesignerContext, EntityChoice } from './context';
import { asFormSchema, designerUiSchema, planErrors, serverValidated } from './designerUi';
import { designerFields } from './fields';

export interface DesignerFormProps {
  /** The definition format's JSON Schema (Designer/Schema). */
  schema: unknown;
  definition: EntityDefinition;
  onChange: (next: EntityDefinition) => void;
  entities: EntityChoice[];
  lang: Lang;
  /** The server's messages about the draft (Plan's 417), by JSON path. */
  errors?: ServerMessage[];
  onProblem: (id: string, problem: boolean) => void;
  displayFieldOf?: DesignerContext['displayFieldOf'];
}

/** The draft is what the analyst made: RJSF adds no defaults to it (no empty arrays or objects). */
const NO_DEFAULTS = {
  arrayMinItems: { populate: 'never' },
  emptyObjectFields: 'skipDefaults',
  constAsDefaults: 'never',
} as const;

export function DesignerForm({
  schema,
  definition,
  onChange,
  entities,
  lang,
  errors,
  onProblem,
  displayFieldOf,
}: DesignerFormProps) {
  const { t } = useTranslation();
  const formSchema = useMemo(() => asFormSchema(schema), [schema]);
  const uiSchema = useMemo(() => designerUiSchema(t), [t]);
  const formContext = useMemo<DesignerContext>(
    () => ({ lang, definition, setDefinition: onChange, entities, onProblem, displayFieldOf }),
    [lang, definition, onChange, entities, onProblem, displayFieldOf],
  );
  const extraErrors = useMemo(() => (errors?.length ? planErrors(errors) : undefined), [errors]);
  return (
    <Form
      schema={formSchema}
      uiSchema={uiSchema}
      formData={definition}
      formContext={formContext}
      validator={serverValidated}
      widgets={widgetRegistry}
      templates={formTemplates}
      fields={designerFields}
      extraErrors={extraErrors}
      showErrorList={false}
      noHtml5Validate
      experimental_defaultFormStateBehavior={NO_DEFAULTS}
      onChange={(e: IChangeEvent) => e.formData && onChange(e.formData as EntityDefinition)}
      onSubmit={() => undefined}
    />
  );
}
