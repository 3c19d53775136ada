/** Centred card for the pages outside the shell (login, forgot password, change password). */
import type { ReactNode } from 'react';
import { Card, Title2, makeStyles, tokens } from '@fluentui/react-components';

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
  card: { width: '100%', maxWidth: '400px', padding: '24px' },
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
      <Card className={styles.card}>
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
      </Card>
    </main>
  );
}
