/** A user as Security/User/List answers it and Security/User/Save takes it (docs/lowcode-api.md). */
export interface UserEntry {
  id: number;
  username: string;
  displayName: string;
  role: string;
  isVendor: boolean;
  isCustomer: boolean;
  /** The party a vendor or customer user acts for; null for staff. */
  partyId: number | null;
  disabled: boolean;
  /** The user's attributes row rules compare with (runtime/shared/rowRules.ts), e.g. branch, warehouse. */
  attributes: Record<string, string>;
}

/** Body of Security/User/Save: no id creates; a password sets it (and ends the user's sessions). */
export type UserInput = Omit<UserEntry, 'id' | 'attributes'> & {
  id?: number;
  password?: string;
  /** Absent: the stored attributes are kept; given: they are replaced. */
  attributes?: Record<string, string>;
};
