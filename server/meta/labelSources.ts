/**
 * Labels a text field borrows from the application itself (`fields.{name}.labelsFrom` in a
 * definition): a field holding entity keys («sales.invoice»), workflow states («approved») or
 * field names («city») shows their titles and labels rather than the raw key. GetDefinition fills
 * the field's `enumLabels` from the named source when it serves the definition, so the grid, the
 * print view and the export show labels through the field kinds (runtime/shared/fieldKinds) like
 * any other labelled value. The stored values, and what they may be, do not change.
 * A new source is one more entry of LABEL_SOURCES.
 */
import type { EntityDefinition, LocalText } from '../../runtime/shared/definition';
import type { AppContext } from '../context';
import { SETTING_TITLES } from '../entities/gates';
import { ACCOUNT_SETTINGS, accountSettingKey, type AccountSettingName } from '../accounting/standardChart';
import { t } from '../i18n';
import { DEFAULT_WAREHOUSE_SETTING, DEFAULT_WAREHOUSE_TITLE } from '../../runtime/shared/stock';
import { CREDIT_MODE_LABELS, CREDIT_MODE_SETTING, CREDIT_MODE_TITLE } from '../../runtime/shared/credit';
import { DEFAULT_TAX_CODE_SETTING, DEFAULT_TAX_CODE_TITLE } from '../../runtime/shared/tax';
import { COMPANY_SETTINGS } from '../../runtime/shared/taxSeed';
import { LOGO_SETTING, LOGO_SETTING_TITLE } from '../../runtime/shared/printFormat';

/** The default accounts' settings (`accounting.account.*`) by their labels in the translations. */
function accountSettingTitles(): Record<string, LocalText> {
  const out: Record<string, LocalText> = {};
  for (const name of Object.keys(ACCOUNT_SETTINGS) as AccountSettingName[])
    out[accountSettingKey(name)] = {
      fa: t('fa', `accountSettings.${name}`),
      en: t('en', `accountSettings.${name}`),
    };
  return out;
}

export type LabelSource = (defs: readonly EntityDefinition[]) => Record<string, LocalText>;

/** The first label given for a value wins (definitions in registry order). */
function collect(into: Record<string, LocalText>, value: string, label: LocalText | undefined): void {
  if (label && !Object.hasOwn(into, value)) into[value] = label;
}

export const LABEL_SOURCES: Record<string, LabelSource> = {
  /** «module.name» → the entity's title. */
  entities: (defs) => {
    const out: Record<string, LocalText> = {};
    for (const def of defs) collect(out, `${def.module}.${def.name}`, def.title);
    return out;
  },
  /** A workflow state → its label in the workflow field's enumLabels (of any entity). */
  workflowStates: (defs) => {
    const out: Record<string, LocalText> = {};
    for (const def of defs) {
      if (!def.workflow) continue;
      const labels = def.fields[def.workflow.field]?.enumLabels ?? {};
      for (const [state, label] of Object.entries(labels)) collect(out, state, label);
    }
    return out;
  },
  /** A field name → its label (of the first entity that has it; report fields, group-bys). */
  fieldNames: (defs) => {
    const out: Record<string, LocalText> = {};
    for (const def of defs)
      for (const [name, meta] of Object.entries(def.fields)) collect(out, name, meta.label);
    return out;
  },
  /** A system setting's key («licence.expiresOn») → what it is. */
  settings: () => ({
    ...SETTING_TITLES,
    [DEFAULT_WAREHOUSE_SETTING]: DEFAULT_WAREHOUSE_TITLE,
    [CREDIT_MODE_SETTING]: CREDIT_MODE_TITLE,
    [DEFAULT_TAX_CODE_SETTING]: DEFAULT_TAX_CODE_TITLE,
    ...Object.fromEntries(COMPANY_SETTINGS.map((c) => [c.key, c.title])),
    [LOGO_SETTING]: LOGO_SETTING_TITLE,
    ...accountSettingTitles(),
  }),
  /** A setting's value that is a code of a closed list («warn» of the credit mode) → its word. */
  settingValues: () => ({ ...CREDIT_MODE_LABELS }),
};

/** The definition with every `labelsFrom` field's enumLabels filled in (its own labels first). */
export function withBorrowedLabels(ctx: AppContext, def: EntityDefinition): EntityDefinition {
  const borrowing = Object.entries(def.fields).filter(([, meta]) => meta.labelsFrom);
  if (borrowing.length === 0) return def;
  const defs = ctx.registry.all().map((e) => e.def);
  const fields = { ...def.fields };
  for (const [name, meta] of borrowing) {
    const source = LABEL_SOURCES[meta.labelsFrom ?? ''];
    if (source) fields[name] = { ...meta, enumLabels: { ...source(defs), ...meta.enumLabels } };
  }
  return { ...def, fields };
}
