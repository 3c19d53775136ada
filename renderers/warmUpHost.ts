/**
 * The hidden place a warm-up draws in (renderers/grid/warmUp.tsx, renderers/form/warmUp.tsx): laid
 * out, so what is drawn there measures itself and draws its rows, but never shown, hit, reached
 * with the keyboard or heard (visibility hidden, no pointer events, inert, aria-hidden), and removed
 * with what was drawn in it. If anything in it took the focus (inert forbids it; a browser without
 * inert would not), the focus goes back where it was.
 */
import { createRoot, type Root } from 'react-dom/client';

export interface WarmUpHost {
  element: HTMLDivElement;
  /** A React root in the host. */
  root: Root;
  /** Unmounts the root, removes the host, gives the focus back; never throws. */
  dispose(): void;
}

/**
 * A host marked with `attribute` (tests, and whoever wonders what it is), `width` × `height` px,
 * appended to the body. `onError`: an error while drawing (it ends the warm-up, unreported: the
 * real screen reports its own).
 */
export function openWarmUpHost(
  attribute: string,
  size: { width: number; height: number },
  onError: () => void,
): WarmUpHost {
  const focused = document.activeElement;
  const element = document.createElement('div');
  element.setAttribute(attribute, '');
  element.setAttribute('aria-hidden', 'true');
  element.inert = true;
  Object.assign(element.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    width: `${size.width}px`,
    height: `${size.height}px`,
    visibility: 'hidden',
    pointerEvents: 'none',
    overflow: 'hidden',
    contain: 'strict',
    zIndex: '-1',
  });
  document.body.appendChild(element);
  const root = createRoot(element, {
    onUncaughtError: onError,
    onCaughtError: onError,
    onRecoverableError: () => undefined,
  });
  return {
    element,
    root,
    dispose() {
      const tookFocus = element.contains(document.activeElement);
      try {
        root.unmount();
      } catch {
        // the host goes anyway
      }
      element.remove();
      if (tookFocus && focused instanceof HTMLElement && focused.isConnected)
        focused.focus({ preventScroll: true });
    },
  };
}
