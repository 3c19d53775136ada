/** The loaded definitions with one compiled record validator each, looked up by API path or key. */
import type { ValidateFunction } from 'ajv';
import { pascal, type ChildDefinition, type EntityDefinition } from '../../runtime/shared/definition';
import { createAjv } from '../../runtime/shared/validation';
import { expandChoices } from '../../runtime/shared/choiceSources';
import { expandLifecycle } from '../../runtime/shared/lifecycle';
import { expandNumbering } from '../../runtime/shared/numbering';
import { expandDetailAccount } from '../../runtime/shared/detailAccount';
import { ValidatorModules, validationSchema } from './validators';

export interface Entity {
  def: EntityDefinition;
  /** "module.name", as in role_permissions and menu_access. */
  key: string;
  table: string;
  /** Validates `values` of Create/Update. */
  validate: ValidateFunction;
  /** Child tables (document lines), in definition order. */
  children: ChildEntity[];
}

/** A child table of a document: its lines live in `{parent table}__{name}`. */
export interface ChildEntity {
  name: string;
  def: ChildDefinition;
  table: string;
  /** Validates one line. */
  validate: ValidateFunction;
}

export function entityKey(def: Pick<EntityDefinition, 'module' | 'name'>): string {
  return `${def.module}.${def.name}`;
}

export function tableName(def: Pick<EntityDefinition, 'module' | 'name'>): string {
  return `e_${def.module}_${def.name}`.toLowerCase();
}

export class Registry {
  private readonly byKey = new Map<string, Entity>();
  private readonly byPath = new Map<string, Entity>();
  /** Standalone validator modules served to the browser (server/meta/validators.ts). */
  readonly validators: ValidatorModules;

  /**
   * `previous`: the registry this one replaces (low-code publish): its validator modules are kept
   * (URLs already sent stay valid) and entities whose definition did not change are reused as
   * they are, so a rebuild compiles only what changed.
   */
  constructor(defs: EntityDefinition[], previous?: Registry) {
    this.validators = previous?.validators ?? new ValidatorModules();
    const ajv = createAjv();
    // a document's lifecycle fields, a numbered field, a master row's detail account and choices of a
    // list the application keeps are added here, where every definition (file or published) loads
    // (runtime/shared/lifecycle.ts, numbering.ts, detailAccount.ts, choiceSources.ts)
    for (const def of defs.map((raw) =>
      expandChoices(expandNumbering(expandLifecycle(expandDetailAccount(raw)))),
    )) {
      const old = previous?.byKey.get(entityKey(def));
      if (old && JSON.stringify(old.def) === JSON.stringify(def)) {
        this.add(old);
        continue;
      }
      // the JSON's $schema is for editors; the data schema is validated as it stands
      const schema = validationSchema(def.schema);
      const entity: Entity = {
        def,
        key: entityKey(def),
        table: tableName(def),
        validate: ajv.compile(schema),
        children: Object.entries(def.children ?? {}).map(([name, child]) => ({
          name,
          def: child,
          table: `${tableName(def)}__${name.toLowerCase()}`,
          validate: ajv.compile(validationSchema(child.schema)),
        })),
      };
      this.validators.ensure(schema, true);
      for (const child of Object.values(def.children ?? {}))
        this.validators.ensure(validationSchema(child.schema), true);
      this.add(entity);
    }
  }

  private add(entity: Entity): void {
    this.byKey.set(entity.key, entity);
    this.byPath.set(`${pascal(entity.def.module)}/${pascal(entity.def.name)}`.toLowerCase(), entity);
  }

  all(): Entity[] {
    return [...this.byKey.values()];
  }

  byEntityKey(key: string): Entity | undefined {
    return this.byKey.get(key);
  }

  /** Module and entity as in the URL (case-insensitive, e.g. SupplyChain/Vendor). */
  byApiPath(module: string, name: string): Entity | undefined {
    return this.byPath.get(`${module}/${name}`.toLowerCase());
  }
}
