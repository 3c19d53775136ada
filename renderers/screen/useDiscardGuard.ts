/**
 * Leaving a screen while its form holds unsaved changes asks first: a navigation inside the app (a
 * menu link, the browser's back or forward) is held by React Router's blocker until the user answers
 * «Discard» (it goes on) or «Keep editing» (it stays); reloading or closing the tab gets the
 * browser's own question (beforeunload). While the form's own question is already showing, a second
 * attempt to leave is taken as the answer (the dialogs close on navigation, spec section 2).
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { confirm, type ConfirmAnswers } from '../../runtime/ui/dialogs';

/** The buttons of the question: «Discard» goes on, «Keep editing» stays. */
export const DISCARD_ANSWERS: ConfirmAnswers = { yes: 'form.discard', no: 'form.keepEditing' };

/**
 * `guarded()` is read at the moment of leaving (a ref's current dirtiness); keep it the same
 * function between renders (useCallback).
 */
export function useDiscardGuard(guarded: () => boolean, question: string): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      guarded() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let live = true;
    void confirm(question, DISCARD_ANSWERS).then((discard) => {
      if (!live) return;
      if (discard) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      live = false;
    };
  }, [blocker, question]);
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!guarded()) return;
      e.preventDefault();
      // older browsers show the question only when returnValue is set
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [guarded]);
}
