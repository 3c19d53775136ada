/** Saves a Blob as a file: a temporary <a download> with an object URL. */
import { localText, type EntityDefinition, type Lang } from '../../runtime/shared/definition';
import { todayJalali } from '../../runtime/shared/jalali';

/**
 * e.g. «مشتریان-1405-09-01.xlsx» (fa) or «customers-1405-09-01.csv» (en), as the server names it;
 * a report's file by its title the same way.
 */
export function exportFileName(
  definition: Pick<EntityDefinition, 'title' | 'name'>,
  lang: Lang,
  ext: string,
): string {
  const title = localText(definition.title, lang).trim();
  const base = (lang === 'fa' ? title : title.toLowerCase()).replace(/[\s/\\:*?"<>|]+/g, '-');
  return `${base || definition.name}-${todayJalali().replace(/\//g, '-')}.${ext}`;
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // the browser has started the download; the URL is no longer needed after this task
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
