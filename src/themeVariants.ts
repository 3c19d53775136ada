/**
 * Every Fluent theme the preferences can ask for: light/dark, optional brand colour, Vazirmatn
 * everywhere. Loaded only when the preferences ask for more than the default light theme
 * (src/theme.ts), so the dark palettes stay out of the login route.
 */
import {
  createDarkTheme,
  createLightTheme,
  webDarkTheme,
  webLightTheme,
  type BrandVariants,
  type Theme,
} from '@fluentui/react-components';
import type { Prefs } from './prefs';
import { FONT_FAMILY } from './theme';

function mix(hex: string, target: number, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 0xff;
    return Math.round(c + (target - c) * amount)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** 16 shades 10..160: darker below 80 (the colour itself), lighter above. */
export function brandFrom(hex: string): BrandVariants {
  const out: Record<number, string> = {};
  for (let step = 1; step <= 16; step++) {
    const key = step * 10;
    out[key] = step <= 8 ? mix(hex, 0, ((8 - step) / 8) * 0.8) : mix(hex, 255, ((step - 8) / 8) * 0.85);
  }
  return out as BrandVariants;
}

export function themeFor(prefs: Prefs): Theme {
  const base = prefs.primary
    ? (prefs.scheme === 'dark' ? createDarkTheme : createLightTheme)(brandFrom(prefs.primary))
    : prefs.scheme === 'dark'
      ? webDarkTheme
      : webLightTheme;
  return { ...base, fontFamilyBase: FONT_FAMILY };
}
