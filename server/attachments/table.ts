/** The attachments table (server/attachments/migration.ts), its own file so store, links and cleanup share it without importing each other. */
export interface AttachmentsTable {
  id: number;
  entity: string;
  field: string;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  content: Buffer | Uint8Array;
  created_by: number | null;
  created_at: string;
  /** The row the file belongs to; null while the upload is pending (links.ts). */
  row_id: number | null;
}
