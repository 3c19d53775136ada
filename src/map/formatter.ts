/**
 * LRM formatter that speaks the selected language: instruction text and distances from our
 * translation files (map.*), Persian digits when the UI is Persian.
 */
import type { i18n } from 'i18next';
import { distanceKey, instructionKey } from '../../runtime/map/instructions';
import { toPersianDigits } from '../../runtime/shared/normalize';
import type { LeafletWithRouting, LrmInstruction } from './lrm';

export function instructionText(t: i18n['t'], instr: LrmInstruction, lang: string): string {
  const { key, params, roadKey } = instructionKey(instr);
  const text = t(key, { ...params, exit: digits(String(params.exit), lang) });
  return roadKey ? `${text} ${t(roadKey, { road: instr.road })}` : text;
}

export function distanceText(t: i18n['t'], metres: number, lang: string): string {
  const { key, value } = distanceKey(metres);
  return t(key, { value: digits(value.toLocaleString(lang === 'fa' ? 'en-US' : lang), lang) });
}

function digits(text: string, lang: string): string {
  return lang === 'fa' ? toPersianDigits(text).replace(/\./g, '٫') : text;
}

export function createFormatter(L: LeafletWithRouting, t: i18n['t'], lang: string): unknown {
  const Formatter = L.Routing.Formatter.extend({
    formatInstruction: (instr: LrmInstruction) => instructionText(t, instr, lang),
    formatDistance: (metres: number) => distanceText(t, metres, lang),
    formatTime: (seconds: number) =>
      t('map.minutes', { value: digits(String(Math.max(1, Math.round(seconds / 60))), lang) }),
  });
  return new Formatter({ language: 'en' });
}
