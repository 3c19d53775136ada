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
}

/** Body of Security/User/Save: no id creates; a password sets it (and ends the user's sessions). */
export type UserInput = Omit<UserEntry, 'id'> & { id?: number; password?: string };
