import type { WidgetProps } from '@rjsf/utils';
import { isSheba } from '../../../runtime/shared/formats';
import { ChecksumInput } from './ChecksumInput';

export function ShebaWidget(props: WidgetProps) {
  return (
    <ChecksumInput
      widget={props}
      check={isSheba}
      okKey="form.checksum.shebaOk"
      badKey="validation.format.ir-sheba"
      completeAt={26}
    />
  );
}
