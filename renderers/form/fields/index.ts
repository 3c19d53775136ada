import type { RegistryFieldsType } from '@rjsf/utils';
import { NumberField } from './NumberField';
import { ObjectField } from './ObjectField';

/** Fields replacing RJSF's own (a stable object: RJSF compares the registry on every render). */
export const formFields: RegistryFieldsType = { ObjectField, NumberField };
