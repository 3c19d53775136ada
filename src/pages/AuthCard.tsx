/** Centred card for the pages outside the shell (login, forgot password, change password). */
import type { ReactNode } from 'react';
import { Title2, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorNeutralBackground2,
    padding: '16px',
    boxSizing: 'border-box',
  },
  // a plain section styled as Fluent's card: the Card component would add ~8 KB to the login route
  card: {
    width: '100%',
    maxWidth: '400px',
    padding: '24px',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  form: { display: 'flex', flexDirection: 'column', gap: '12px' },
});

export function AuthCard({
  title,
  children,
  onSubmit,
}: {
  title: string;
  children: ReactNode;
  onSubmit: () => void;
}) {
  const styles = useStyles();
  return (
    <main className={styles.page}>
      <section className={styles.card}>
        <Title2 as="h1">{title}</Title2>
        <form
          className={styles.form}
          aria-label={title}
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          {children}
        </form>
      </section>
    </main>
  );
}
