/**
 * Top route element: connects the navigation port, closes dialogs on every navigation, keeps the
 * page title, restores scroll and scrolls to anchors, and mounts the dialog host once.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { useTranslation } from 'react-i18next';
import { connectNavigation } from '../runtime/ui/navigation';
import { closeAllDialogs, dialogStore } from '../runtime/ui/dialogs';
import { toast } from '../runtime/ui/toasts';
import { periodStore } from '../runtime/period/current';
import { applyTitle, composeTitle, titleStore } from './title';
import { ErrorBoundary } from './ErrorBoundary';
import { displayText } from './display';
import type { RouteHandle } from './router';

// The dialog host loads when the first dialog is asked for (an error, a confirmation): no screen
// waits for it (bench/budget.mjs). Loaded by an effect, not React.lazy: Suspense reveals on a timer
// that a held clock never fires (see App.tsx). Not through useLoad: that hook would join the login
// route for this one effect (0.3 KB gzipped, bench/budget.mjs).
const loadDialogHost = async () => (await import('../renderers/dialogs/DialogHost')).DialogHost;

export function Root() {
  const navigate = useNavigate();
  // the dialog host, once a dialog is wanted (and from then on)
  const dialogWanted = useStore(dialogStore, (s) => s.dialogs.length > 0);
  const [DialogHost, setDialogHost] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!dialogWanted || DialogHost) return;
    let live = true;
    loadDialogHost().then(
      (component) => live && setDialogHost(() => component),
      () => live && toast({ text: 'app.partUnavailable', kind: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [dialogWanted, DialogHost]);
  const location = useLocation();
  const matches = useMatches();
  const { t } = useTranslation();
  const period = useStore(periodStore, (s) => s.current);
  const allPeriods = useStore(periodStore, (s) => s.all);
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
  // a generated screen or a report names itself (its definition's title)
  const params = matches[matches.length - 1]?.params;
  const isScreen = deepest !== undefined && (params?.entity ?? params?.report) !== undefined;
  const title = isScreen && screenTitle ? screenTitle : t(key);
  // the period in force: its name, or «همهٔ دوره‌ها» when the user chose all periods
  const periodName = period?.PeriodName ?? (allPeriods ? t('shell.allPeriods') : null);
  useEffect(() => applyTitle(displayText(composeTitle(title, periodName))), [title, periodName]);

  return (
    <>
      <ErrorBoundary>
        <Outlet />
      </ErrorBoundary>
      {DialogHost && <DialogHost />}
      <ScrollRestoration />
    </>
  );
}
