/** شناسه ملی of a legal person: 11 digits with live checksum feedback (runtime/shared/formats.ts). */
import type { WidgetProps } from '@rjsf/utils';
import { isCompanyId } from '../../../runtime/shared/formats';
import { ChecksumInput } from './ChecksumInput';

export function CompanyIdWidget(props: WidgetProps) {
  return (
    <ChecksumInput
      widget={props}
      check={isCompanyId}
      okKey="form.checksum.companyIdOk"
      badKey="validation.format.ir-company-id"
      completeAt={11}
    />
  );
}
