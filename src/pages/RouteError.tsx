/** errorElement of the routes: reports the error (not API failures, already handled) and explains. */
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { reportError } from '../../runtime/uilog';
import { LazyErrorMessage } from './LazyErrorMessage';

export function RouteError() {
  const error = useRouteError();
  useEffect(() => void reportError(error, 'route error'), [error]);
  return <LazyErrorMessage />;
}
