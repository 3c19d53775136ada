/** Submit button in Fluent; inline errors replace RJSF's error list. */
import { Button } from '@fluentui/react-components';
import type { SubmitButtonProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

export function SubmitButton(props: SubmitButtonProps) {
  const { t } = useTranslation();
  const options = props.uiSchema?.['ui:submitButtonOptions'] as { norender?: boolean } | undefined;
  if (options?.norender) return null;
  return (
    <Button appearance="primary" type="submit">
      {t('form.save')}
    </Button>
  );
}

export function ErrorListTemplate() {
  return null;
}

export function FieldErrorTemplate() {
  return null;
}
