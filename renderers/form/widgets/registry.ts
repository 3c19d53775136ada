/**
 * The ONE widget registry: widgets chosen by name from the uiSchema (ui:widget) or by
 * buildUiSchema's defaults (renderers/form/schema.ts FORM_WIDGETS, one per field kind). The names text, textarea,
 * select and checkbox also replace RJSF's own defaults.
 */
import type { RegistryWidgetsType, Widget } from '@rjsf/utils';
import { AttachmentsWidget } from './AttachmentsWidget';
import { AuditDiffWidget } from './AuditDiffWidget';
import { CheckboxWidget } from './CheckboxWidget';
import { CompanyIdWidget } from './CompanyIdWidget';
import { DateTimeWidget } from './DateTimeWidget';
import { ImageWidget } from './ImageWidget';
import { JalaliDateRangeWidget } from './JalaliDateRangeWidget';
import { JalaliDateWidget } from './JalaliDateWidget';
import { LinkWidget } from './LinkWidget';
import { LookupWidget } from './LookupWidget';
import { MapPointWidget } from './MapPointWidget';
import { MoneyWidget } from './MoneyWidget';
import { MultiSelectWidget } from './MultiSelectWidget';
import { NationalCodeWidget } from './NationalCodeWidget';
import { NumberWidget } from './NumberWidget';
import { PersianTextWidget } from './PersianTextWidget';
import { ReportEntityWidget } from './ReportEntityWidget';
import { ReportFieldWidget } from './ReportFieldWidget';
import { SelectWidget } from './SelectWidget';
import { ShebaWidget } from './ShebaWidget';
import { SourceLinkWidget } from './SourceLinkWidget';
import { TextareaWidget } from './TextareaWidget';
import { TextWidget } from './TextWidget';
import { TimeWidget } from './TimeWidget';
import { WorkflowStateWidget } from './WorkflowStateWidget';

export const widgetRegistry: RegistryWidgetsType = {
  text: TextWidget,
  TextWidget,
  textarea: TextareaWidget,
  number: NumberWidget,
  integer: NumberWidget,
  updown: NumberWidget,
  money: MoneyWidget,
  select: SelectWidget,
  SelectWidget,
  checkbox: CheckboxWidget,
  CheckboxWidget,
  nationalCode: NationalCodeWidget,
  companyId: CompanyIdWidget,
  sheba: ShebaWidget,
  jalaliDate: JalaliDateWidget,
  jalaliDateRange: JalaliDateRangeWidget,
  lookup: LookupWidget,
  link: LinkWidget,
  sourceLink: SourceLinkWidget,
  workflowState: WorkflowStateWidget,
  persianText: PersianTextWidget,
  reportEntity: ReportEntityWidget,
  reportField: ReportFieldWidget,
  attachments: AttachmentsWidget,
  image: ImageWidget,
  multiSelect: MultiSelectWidget,
  time: TimeWidget,
  dateTime: DateTimeWidget,
  auditDiff: AuditDiffWidget,
  mapPoint: MapPointWidget,
};

/** Adds or replaces a widget for later screens (e.g. lookup, lines-grid). */
export function registerWidget(name: string, component: Widget): void {
  widgetRegistry[name] = component;
}
