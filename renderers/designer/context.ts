/** What the designer's custom RJSF fields read from the form (registry.formContext). */
import type { FieldProps } from '@rjsf/utils';
import type { EntityDefinition, Lang } from '../../runtime/shared/definition';

/** An entity a lookup may point at. */
export interface EntityChoice {
  key: string;
  title: string;
  displayField?: string;
}

export interface DesignerContext {
  lang: Lang;
  /** The whole draft (the fields table edits schema and fields meta together). */
  definition: EntityDefinition;
  setDefinition: (next: EntityDefinition) => void;
  entities: EntityChoice[];
  /** The display field of an entity (lookup targets), when `entities` does not say. */
  displayFieldOf?: (key: string) => Promise<string | undefined>;
  /** A part of the form holds text that is not valid yet (e.g. rules); publishing waits for it. */
  onProblem: (id: string, problem: boolean) => void;
}

export function designerContext(props: Pick<FieldProps, 'registry'>): DesignerContext {
  return props.registry.formContext as DesignerContext;
}
