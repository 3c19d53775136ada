/** The loaded report definitions (schemas/reports/), looked up by "module.name". */
import type { ReportDefinition } from '../../runtime/shared/reportDefinition';

export function reportKey(def: Pick<ReportDefinition, 'module' | 'name'>): string {
  return `${def.module}.${def.name}`;
}

export class ReportRegistry {
  private readonly byKey = new Map<string, ReportDefinition>();

  constructor(defs: readonly ReportDefinition[] = []) {
    for (const def of defs) this.byKey.set(reportKey(def), def);
  }

  all(): ReportDefinition[] {
    return [...this.byKey.values()];
  }

  get(key: string): ReportDefinition | undefined {
    return this.byKey.get(key);
  }
}
