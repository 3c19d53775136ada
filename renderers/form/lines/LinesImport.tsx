/**
 * «بارگذاری از فایل» of a child table that declares `import` (runtime/shared/treasury.ts
 * LineImportSpec, e.g. a bank statement's lines): the user picks a CSV or XLSX file, the server
 * reads it (POST Entity/Lines/Import, nothing stored) and its lines replace the grid's, which the
 * user reviews and saves. A file the server cannot read: its messages (line and column) are shown.
 */
import { useRef, useState } from 'react';
import { Button, Text } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../runtime/http/ApiError';
import { api } from '../../../runtime/http/pipeline';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import { IMPORT_MAX_BYTES } from '../../../runtime/shared/treasury';
import { toPersianDigits } from '../../../runtime/shared/normalize';

/** A file's bytes as base64 (the call's body is JSON). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** The messages of a refused file, one per line and field (the first ten). */
function problemsOf(err: unknown): string[] {
  if (!(err instanceof ApiError) || !err.envelope) return [];
  const env = err.envelope;
  const cells = (env.TableMessageTexts ?? []).map(
    (m) => `${toPersianDigits(String(m.RowIndex + 1))}: ${m.Message}`,
  );
  const fields = (env.ServerMessageTexts ?? []).map((m) => m.Message);
  return [...fields, ...cells].slice(0, 10);
}

export function LinesImport({
  definition,
  name,
  onLines,
}: {
  definition: Pick<EntityDefinition, 'module' | 'name'>;
  name: string;
  onLines: (lines: Record<string, unknown>[]) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  const read = async (file: File) => {
    setProblems([]);
    if (file.size > IMPORT_MAX_BYTES) {
      setProblems([t('linesImport.tooLarge')]);
      return;
    }
    setBusy(true);
    try {
      const answer = await api.post<{ lines: Record<string, unknown>[] }>(
        'Entity/Lines/Import',
        {
          entity: `${definition.module}.${definition.name}`,
          child: name,
          fileName: file.name,
          content: await base64Of(file),
        },
        { silentExcept: [401, 403, 500, 503] },
      );
      onLines(answer.lines);
    } catch (err) {
      setProblems(problemsOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      data-lines-import={name}
      style={{ display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' }}
    >
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hidden
        data-lines-import-file=""
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void read(file);
        }}
      />
      <Button icon={<ArrowUploadRegular />} disabled={busy} onClick={() => input.current?.click()}>
        {t('linesImport.button')}
      </Button>
      {problems.length > 0 && (
        <Text role="alert" style={{ color: 'var(--colorPaletteRedForeground1)' }}>
          {problems.join(' — ')}
        </Text>
      )}
    </div>
  );
}
