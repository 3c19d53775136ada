/** The print routes of server/print/plugin.ts: the company header and the server's PDF of rows. */
import { apiPath, type EntityDefinition } from '../shared/definition';
import type { PrintCompany } from '../shared/printFormat';
import type { ListPrintAnswer, ListPrintRequest } from '../shared/print/listSheet';
import { api } from '../http/pipeline';

let company: Promise<PrintCompany> | null = null;

/** The company settings the header prints (asked once per page load); {} when they cannot be read. */
export function loadPrintCompany(): Promise<PrintCompany> {
  company ??= api.post<PrintCompany>('/api/Print/Company', {}, { silent: true }).catch(() => ({}));
  return company;
}

/** The PDF of the rows in the format (the server's Chromium; docs/print.md). */
export async function downloadPrintPdf(
  definition: Pick<EntityDefinition, 'module' | 'name'>,
  ids: number[],
  format?: string,
): Promise<Blob> {
  const response = await api.raw<Blob>(
    'POST',
    `${apiPath(definition)}/Print/Pdf`,
    { ids, format },
    {
      responseType: 'blob',
    },
  );
  return response._data as Blob;
}

/** The rows of a list print: what the grid's request selects, at most the server's cap (Print/List). */
export function loadListPrint(
  definition: Pick<EntityDefinition, 'module' | 'name'>,
  request: ListPrintRequest,
): Promise<ListPrintAnswer> {
  return api.post<ListPrintAnswer>(`${apiPath(definition)}/Print/List`, request);
}
