/**
 * The roles a dashboard is for, picked by their names (layout editing of BoardView.tsx): «everyone»
 * (`*`) or roles one by one, each shown by the label an admin gave it, else the shipped role's
 * translation (security.roleNames.*), else its key. Stored as the board's `roles` text ("a,b").
 */
import { Checkbox, makeStyles } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../runtime/shared/definition';
import type { BoardsAnswer } from '../../runtime/report/builderClient';

export type BoardRole = NonNullable<BoardsAnswer['roles']>[number];

const useStyles = makeStyles({
  group: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: '8px',
    alignItems: 'center',
    border: 'none',
    padding: 0,
  },
  legend: { float: 'inline-start', marginInlineEnd: '4px', fontWeight: 600 },
});

/** A role as people read it (as the security pages name it). */
export function boardRoleName(t: TFunction, lang: Lang, r: BoardRole): string {
  const own = lang === 'en' ? r.label.en || r.label.fa : r.label.fa || r.label.en;
  return own || t(`security.roleNames.${r.role}`, { defaultValue: r.role });
}

export interface BoardRolesProps {
  /** The board's title, naming the group. */
  board: string;
  roles: readonly BoardRole[];
  value: readonly string[];
  lang: Lang;
  onChange: (value: string[]) => void;
}

export function BoardRoles({ board, roles, value, lang, onChange }: BoardRolesProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const everyone = value.includes('*');
  // a role the board names that is not (or no longer) a role still shows, so it can be taken off
  const listed = [
    ...roles,
    ...value
      .filter((v) => v !== '*' && !roles.some((r) => r.role === v))
      .map((role) => ({ role, label: { fa: '', en: '' } })),
  ];
  const toggle = (role: string, on: boolean) =>
    onChange([...listed.map((r) => r.role), '*'].filter((k) => (k === role ? on : value.includes(k))));
  return (
    <fieldset className={styles.group} aria-label={t('formulaMore.boardRoles', { board })}>
      <legend className={styles.legend}>{t('formulaMore.boardRolesLegend')}</legend>
      <Checkbox
        label={t('formulaMore.everyone')}
        checked={everyone}
        onChange={(_, d) => toggle('*', d.checked === true)}
      />
      {listed.map((r) => (
        <Checkbox
          key={r.role}
          label={boardRoleName(t, lang, r)}
          checked={value.includes(r.role)}
          disabled={everyone}
          onChange={(_, d) => toggle(r.role, d.checked === true)}
        />
      ))}
    </fieldset>
  );
}
