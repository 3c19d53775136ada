/** The user dialog's values and their checks (translation keys under security.users.problems). */
import { toWesternDigits } from '../../../renderers/format';

export interface UserForm {
  username: string;
  displayName: string;
  role: string;
  kind: 'staff' | 'vendor' | 'customer';
  partyId: string;
  disabled: boolean;
  password: string;
}

export type UserProblem = 'required' | 'username' | 'partyId' | 'passwordShort';

export const MIN_PASSWORD = 8;

export function userProblems(form: UserForm, isNew: boolean): Partial<Record<keyof UserForm, UserProblem>> {
  const out: Partial<Record<keyof UserForm, UserProblem>> = {};
  if (!form.username.trim()) out.username = 'required';
  else if (!/^[A-Za-z0-9._-]{3,64}$/.test(form.username.trim())) out.username = 'username';
  if (!form.displayName.trim()) out.displayName = 'required';
  if (form.kind !== 'staff' && !/^[1-9][0-9]*$/.test(toWesternDigits(form.partyId.trim())))
    out.partyId = 'partyId';
  if (isNew && !form.password) out.password = 'required';
  else if (form.password && form.password.length < MIN_PASSWORD) out.password = 'passwordShort';
  return out;
}
