/** The user dialog's values and their checks (translation keys under security.users.problems). */
import { toWesternDigits } from '../../../renderers/format';
import { ATTRIBUTE_NAME, USER_FIELDS } from '../../../runtime/shared/rowRules';

export interface UserForm {
  username: string;
  displayName: string;
  role: string;
  kind: 'staff' | 'vendor' | 'customer';
  partyId: string;
  disabled: boolean;
  password: string;
  /** The user's attributes row rules compare with, one `name=value` a line (parseAttributes). */
  attributes: string;
}

export type UserProblem = 'required' | 'username' | 'partyId' | 'passwordShort' | 'attributes';

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
  if (parseAttributes(form.attributes) === null) out.attributes = 'attributes';
  return out;
}

/** `name=value` lines as attributes (empty lines skipped), or null when a line is not one. */
export function parseAttributes(text: string): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const at = line.indexOf('=');
    const name = at > 0 ? line.slice(0, at).trim() : '';
    if (!ATTRIBUTE_NAME.test(name) || (USER_FIELDS as readonly string[]).includes(name)) return null;
    out[name] = line.slice(at + 1).trim();
  }
  return out;
}

/** Attributes as the dialog shows them, one `name=value` a line. */
export const attributesText = (attributes: Record<string, string> | undefined): string =>
  Object.entries(attributes ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
