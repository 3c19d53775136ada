/**
 * The catch-all route: a signed-in user sees the not-found page under the shell (header, menu),
 * so the way on is at hand; a signed-out visitor sees it on its own.
 */
import { useLoaderData } from 'react-router-dom';
import type { ShellData } from '../loaders';
import { ShellLayout } from '../shell/ShellLayout';
import { NotFoundPage } from './NotFoundPage';

export function NotFoundRoute() {
  const data = useLoaderData() as ShellData | null;
  if (!data) {
    return (
      <main>
        <NotFoundPage />
      </main>
    );
  }
  return (
    <ShellLayout menu={data.menu}>
      <NotFoundPage />
    </ShellLayout>
  );
}
