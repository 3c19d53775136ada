/**
 * The grid toolbar's quick search: the typed text goes to GetList as `q` (the server looks for each
 * word in the grid's readable text fields) a moment after the user stops typing, or at once on Enter.
 */
import { SearchBox } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const WAIT_MS = 350;
/** The server's limit (server/entities/quickSearch.ts QUICK_SEARCH_MAX). */
const MAX_LENGTH = 100;

/** `initial`: the text it starts with (a saved view's search; give a new `key` to put another). */
export function QuickSearchBox({
  onSearch,
  initial = '',
}: {
  onSearch: (q: string) => void;
  initial?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const later = (value: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(value), WAIT_MS);
  };
  return (
    <SearchBox
      size="small"
      value={text}
      maxLength={MAX_LENGTH}
      aria-label={t('gridWork.search')}
      // Fluent names the clear button «clear» in English
      dismiss={{ 'aria-label': t('gridWork.clearSearch') }}
      placeholder={t('gridWork.searchPlaceholder')}
      style={{ maxWidth: '260px', minWidth: '160px' }}
      onChange={(_, data) => {
        setText(data.value);
        later(data.value);
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Enter') return;
        clearTimeout(timer.current);
        onSearch(text);
      }}
    />
  );
}
