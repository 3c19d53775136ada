/**
 * Any other path (spec section 2): page not found, with a way home. Drawn inside the shell's
 * content area (module paths no screen matches) or on its own (src/pages/NotFoundRoute.tsx puts it
 * under the shell when signed in). Switches the loading indicator off.
 */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Body1, Title1, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { loadingOff } from '../../runtime/http/loading';
import { getLang } from '../../runtime/lang';
import { localDigits } from '../../renderers/format/digits';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    justifyContent: 'center',
    padding: '48px 16px',
    boxSizing: 'border-box',
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '12px',
    maxWidth: '420px',
    width: '100%',
    padding: '32px 24px',
    boxSizing: 'border-box',
    textAlign: 'center',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow8,
  },
  code: { margin: 0, fontSize: '64px', lineHeight: '72px', color: tokens.colorBrandForeground1 },
  text: { margin: 0 },
  home: {
    marginTop: '8px',
    padding: '8px 20px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    textDecoration: 'none',
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

export function NotFoundPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  useEffect(() => loadingOff(), []);
  return (
    <div className={styles.page} data-testid="not-found">
      <section className={styles.card} aria-labelledby="not-found-title">
        <Title1 as="h1" id="not-found-title" className={styles.code}>
          {localDigits('404', getLang())}
        </Title1>
        <Title3 as="p" className={styles.text}>
          {t('shell.notFound')}
        </Title3>
        <Body1 as="p" className={styles.text}>
          {t('notFound.hint')}
        </Body1>
        <Link to="/" className={styles.home}>
          {t('shell.home')}
        </Link>
      </section>
    </div>
  );
}
