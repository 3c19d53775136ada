/**
 * The parameters a report ran with, as one line under its title (on screen and on paper):
 * «دوره: ۱۴۰۴/۰۱/۰۱ تا ۱۴۰۴/۱۲/۲۹ · سطح: کل · حساب: ۱۱۰۱ — صندوق».
 */
import type { TFunction } from 'i18next';
import { localText, type Lang } from '../../runtime/shared/definition';
import type { ReportParam } from '../../runtime/shared/reportDefinition';
import { formatDate, formatNumber, localDigits } from '../format';
import { paramState } from './reportParams';

export interface ParamLinePart {
  name: string;
  label: string;
  text: string;
}

export function paramLine(
  params: readonly ReportParam[],
  values: Record<string, unknown>,
  lang: Lang,
  t: TFunction,
  lookupTexts: Record<string, string>,
): ParamLinePart[] {
  const out: ParamLinePart[] = [];
  for (const p of params) {
    const value = values[p.name];
    if (paramState(p, value) !== 'valid') continue;
    let text: string;
    switch (p.kind) {
      case 'dateRange': {
        const range = value as { from: string; to: string };
        text = t('reportScreen.range', {
          from: formatDate(range.from, lang),
          to: formatDate(range.to, lang),
        });
        break;
      }
      case 'date':
        text = formatDate(value, lang);
        break;
      case 'enum': {
        const option = p.options?.find((o) => o.value === value);
        text = localDigits(option ? localText(option.label, lang) : String(value), lang);
        break;
      }
      case 'lookup':
        text = lookupTexts[p.name] ?? formatNumber(value, lang);
        break;
      case 'boolean':
        text = value ? t('report.yes') : t('report.no');
        break;
    }
    out.push({ name: p.name, label: localDigits(localText(p.label, lang), lang), text });
  }
  return out;
}
