/**
 * Top route element: connects the navigation port, closes dialogs on every navigation, keeps the
 * page title, restores scroll and scrolls to anchors, and mounts the dialog host once.
 */
import { Suspense, lazy, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { useTranslation } from 'react-i18next';
import { connectNavigation } from '../runtime/ui/navigation';
import { closeAllDialogs } from '../runtime/ui/dialogs';
import { periodStore } from '../runtime/period/current';
import { applyTitle, composeTitle, titleStore } from './title';
import { ErrorBoundary } from './ErrorBoundary';
import { displayText } from './display';
import type { RouteHandle } from './router';

// The renderers (grid, form, dialogs) load as their own chunk, in parallel with the first screen.
const DialogHost = lazy(async () => ({ default: (await import('../renderers/index')).DialogHost }));

export function Root() {
  const navigate = useNavigate();
  const location = useLocation();
  const matches = useMatches();
  const { t } = useTranslation();
  const period = useStore(periodStore, (s) => s.current);
  const screenTitle = useStore(titleStore, (s) => s.screenTitle);

  useEffect(() => {
    connectNavigation((path) => void navigate(path));
    return () => connectNavigation(null);
  }, [navigate]);

  useEffect(() => {
    closeAllDialogs();
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!location.hash) return;
    const id = decodeURIComponent(location.hash.slice(1));
    document.getElementById(id)?.scrollIntoView();
  }, [location.hash, location.pathname]);

  const deepest = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title);
  const key = (deepest?.handle as RouteHandle | undefined)?.title ?? 'app.title';
  const isScreen = deepest !== undefined && matches[matches.length - 1]?.params.entity !== undefined;
  const title = isScreen && screenTitle ? screenTitle : t(key);
  useEffect(() => applyTitle(displayText(composeTitle(title, period?.PeriodName))), [title, period]);

  return (
    <>
      <ErrorBoundary>
        <Outlet />
      </ErrorBoundary>
      <Suspense fallback={null}>
        <DialogHost />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
