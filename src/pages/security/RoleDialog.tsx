/** New or edited role: its key (new roles only), labels in Persian and English, description. */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Textarea,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleEntry, RoleInput } from './api';

export interface RoleDialogProps {
  /** null: a new role. */
  role: RoleEntry | null;
  /** The role's name as shown (its label, or the shipped translation), to start the Persian label from. */
  shown: string;
  onSave: (input: RoleInput) => Promise<unknown>;
  onClose: () => void;
}

/** The server's role key: a letter, then letters, digits, `_` or `-` (server/security/roles.ts). */
export const ROLE_KEY = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

const useStyles = makeStyles({ body: { display: 'flex', flexDirection: 'column', gap: '8px' } });

export function RoleDialog({ role, shown, onSave, onClose }: RoleDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [form, setForm] = useState<RoleInput>(() => ({
    role: role?.role ?? '',
    label: { fa: role?.label?.fa || (role ? shown : ''), en: role?.label?.en ?? '' },
    description: role?.description ?? '',
  }));
  const [tried, setTried] = useState(false);
  const keyWrong = !ROLE_KEY.test(form.role);
  const faMissing = !form.label.fa.trim();
  const save = async () => {
    setTried(true);
    if (keyWrong || faMissing) return;
    await onSave({ ...form, label: { fa: form.label.fa.trim(), en: form.label.en.trim() } });
  };
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <DialogBody>
            <DialogTitle>{t(role ? 'rowRules.roles.edit' : 'rowRules.roles.new')}</DialogTitle>
            <DialogContent className={styles.body}>
              <Field
                label={t('rowRules.roles.key')}
                hint={t('rowRules.roles.keyHint')}
                required
                {...(tried && keyWrong
                  ? { validationState: 'error' as const, validationMessage: t('rowRules.roles.keyWrong') }
                  : {})}
              >
                <Input
                  dir="ltr"
                  disabled={role !== null}
                  value={form.role}
                  onChange={(_, d) => setForm((f) => ({ ...f, role: d.value.trim() }))}
                />
              </Field>
              <Field
                label={t('rowRules.roles.labelFa')}
                required
                {...(tried && faMissing
                  ? {
                      validationState: 'error' as const,
                      validationMessage: t('security.users.problems.required'),
                    }
                  : {})}
              >
                <Input
                  value={form.label.fa}
                  onChange={(_, d) => setForm((f) => ({ ...f, label: { ...f.label, fa: d.value } }))}
                />
              </Field>
              <Field label={t('rowRules.roles.labelEn')}>
                <Input
                  dir="ltr"
                  value={form.label.en}
                  onChange={(_, d) => setForm((f) => ({ ...f, label: { ...f.label, en: d.value } }))}
                />
              </Field>
              <Field label={t('rowRules.roles.description')}>
                <Textarea
                  value={form.description}
                  onChange={(_, d) => setForm((f) => ({ ...f, description: d.value }))}
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" type="submit">
                {t('form.save')}
              </Button>
              <Button onClick={onClose}>{t('form.cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
