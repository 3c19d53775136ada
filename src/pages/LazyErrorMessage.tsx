/** The error message, loaded when an error is shown: its message bar stays out of the login route. */
import { Suspense, lazy, type ComponentProps } from 'react';

const ErrorMessage = lazy(async () => ({ default: (await import('./ErrorMessage')).ErrorMessage }));

export function LazyErrorMessage(props: ComponentProps<typeof ErrorMessage>) {
  return (
    <Suspense fallback={null}>
      <ErrorMessage {...props} />
    </Suspense>
  );
}
