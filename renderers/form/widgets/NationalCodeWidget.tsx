import type { WidgetProps } from '@rjsf/utils';
import { isNationalCode } from '../../../runtime/shared/formats';
import { ChecksumInput } from './ChecksumInput';

export function NationalCodeWidget(props: WidgetProps) {
  return (
    <ChecksumInput
      widget={props}
      check={isNationalCode}
      okKey="form.checksum.nationalCodeOk"
      badKey="validation.format.ir-national-code"
      completeAt={10}
    />
  );
}
