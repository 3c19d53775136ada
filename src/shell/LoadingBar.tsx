/**
 * Thin progress bar at the top, bound to the runtime's loading store. Drawn with a few styles
 * rather than Fluent's ProgressBar, which would add its motion code to the login route's budget.
 */
import { useStore } from 'zustand';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { loadingStore } from '../../runtime/http/loading';

const useStyles = makeStyles({
  bar: {
    position: 'fixed',
    top: 0,
    insetInline: 0,
    zIndex: 2000,
    height: '3px',
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground6,
  },
  runner: {
    position: 'absolute',
    top: 0,
    bottom: 0,
    width: '33%',
    backgroundColor: tokens.colorCompoundBrandBackground,
    animationName: {
      from: { insetInlineStart: '-33%' },
      to: { insetInlineStart: '100%' },
    },
    animationDuration: '1.2s',
    animationIterationCount: 'infinite',
    animationTimingFunction: 'ease-in-out',
    '@media (prefers-reduced-motion: reduce)': { animationDuration: '3s' },
  },
});

export function LoadingBar() {
  const visible = useStore(loadingStore, (s) => s.visible);
  const { t } = useTranslation();
  const styles = useStyles();
  if (!visible) return null;
  return (
    <div className={styles.bar} data-testid="loading-bar" role="progressbar" aria-label={t('app.loading')}>
      <div className={styles.runner} />
    </div>
  );
}
