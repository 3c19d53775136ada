/** The app's Fluent theme: the default light one at once, any other from the preferences on demand. */
import { webLightTheme, type Theme } from '@fluentui/react-components';
import type { Prefs } from './prefs';

export const FONT_FAMILY = "Vazirmatn, 'Segoe UI', Tahoma, sans-serif";

export async function loadTheme(prefs: Prefs): Promise<Theme> {
  if (!prefs.primary && prefs.scheme !== 'dark') return { ...webLightTheme, fontFamilyBase: FONT_FAMILY };
  return (await import('./themeVariants')).themeFor(prefs);
}
