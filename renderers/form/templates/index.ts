import type { TemplatesType } from '@rjsf/utils';
import { ErrorListTemplate, FieldErrorTemplate, SubmitButton } from './ButtonTemplates';
import { FieldTemplate } from './FieldTemplate';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';

export const formTemplates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ErrorListTemplate,
  FieldErrorTemplate,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- RJSF merges partial ButtonTemplates at run time
  ButtonTemplates: { SubmitButton } as any,
};
