/** Renders EntityForm the way the screen does, recording what it saves. */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EntityValues } from '../../../runtime/entity/types';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import { EntityForm, type EntityFormProps } from '../../../renderers/form/EntityForm';
import { validatorsFor } from './validators';

export function renderForm(definition: EntityDefinition, props: Partial<EntityFormProps> = {}) {
  const saved: EntityValues[] = [];
  const user = userEvent.setup();
  const view = render(
    <FluentProvider theme={webLightTheme} dir="rtl">
      <EntityForm
        definition={definition}
        lang="fa"
        validators={validatorsFor(definition)}
        onSave={async (values) => {
          saved.push(values);
        }}
        {...props}
      />
    </FluentProvider>,
  );
  return { ...view, saved, user };
}
