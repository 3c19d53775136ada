/**
 * The phone layout's breakpoint, one place for the shell (navigation drawer) and the renderers
 * (grid, dialogs): a viewport up to PHONE_WIDTH CSS px wide is drawn as a phone's.
 * src/shell/phone/phone.css repeats the number in its media query (CSS cannot import it).
 */
export const PHONE_WIDTH = 767;
export const PHONE_QUERY = `(max-width: ${PHONE_WIDTH}px)`;

/** True when the viewport is a phone's. */
export function isPhoneViewport(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.(PHONE_QUERY).matches === true;
}
