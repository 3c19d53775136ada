/**
 * Language switch (fa/en): stores the language, clears the cached menus and definitions of the old
 * language and reloads the current route (spec: a language change reloads the current route).
 */
import { useId } from 'react';
import { Label, Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { getLang, setLang } from '../../runtime/lang';
import { clearMenus } from '../../runtime/menu/menu';
import { clearMetaCaches } from '../../runtime/meta/loaders';
import { LANGS, type Lang } from '../../runtime/shared/definition';

export function switchLanguage(next: Lang): void {
  if (next === getLang()) return;
  setLang(next);
  clearMenus();
  clearMetaCaches();
  window.location.reload();
}

export function LanguageSwitch() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <Label htmlFor={id}>{t('shell.language')}</Label>
      <Select id={id} value={getLang()} onChange={(_, d) => switchLanguage(d.value as Lang)}>
        {LANGS.map((l) => (
          // each language by its own name, marked as written in it (read and spoken in it)
          <option key={l} value={l} lang={l}>
            {t(`shell.languages.${l}`)}
          </option>
        ))}
      </Select>
    </div>
  );
}
