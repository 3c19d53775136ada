/** A text input with live checksum feedback (national code, Sheba) shown under it once complete. */
import { Input, Text, tokens } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { controlProps, shownDigits } from './context';
import { useDraft } from './draft';

interface Props {
  widget: WidgetProps;
  check: (value: string) => boolean;
  /** Translation keys of the valid/invalid feedback. */
  okKey: string;
  badKey: string;
  /** Length (in characters, spaces ignored) from which feedback is shown. */
  completeAt: number;
}

export function ChecksumInput({ widget, check, okKey, badKey, completeAt }: Props) {
  const draft = useDraft<unknown>(widget);
  const value = typeof draft.value === 'string' ? draft.value : '';
  const complete = value.replace(/\s+/g, '').length >= completeAt;
  // Once validation reports the field, its message says it; the feedback would only repeat it.
  const reported = (widget.rawErrors ?? []).length > 0;
  const valid = complete && check(value);
  const show = complete && !(reported && !valid);
  const feedbackId = `${widget.id}__checksum`;
  return (
    <div style={{ display: 'flex', flexDirection: 'column' }}>
      <Input
        {...controlProps(widget)}
        dir="ltr"
        value={shownDigits(widget, value)}
        aria-describedby={show ? feedbackId : undefined}
        onChange={(_, data) => draft.onChange(data.value === '' ? undefined : data.value)}
      />
      {show && <ChecksumFeedback id={feedbackId} valid={valid} messageKey={valid ? okKey : badKey} />}
    </div>
  );
}

/** The feedback line, with its own translation hook: most inputs of a form show none. */
function ChecksumFeedback({ id, valid, messageKey }: { id: string; valid: boolean; messageKey: string }) {
  const { t } = useTranslation();
  return (
    <Text
      id={id}
      size={200}
      role="status"
      data-valid={valid ? 'true' : 'false'}
      style={{
        display: 'block',
        color: valid ? tokens.colorPaletteGreenForeground1 : tokens.colorPaletteRedForeground1,
      }}
    >
      {t(messageKey)}
    </Text>
  );
}
