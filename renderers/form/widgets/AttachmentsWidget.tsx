/**
 * Attachments of a record field (uiSchema `ui:widget: "attachments"` on a string field holding
 * comma-separated attachment ids, runtime/shared/attachments.ts): lists the files with name and
 * size, downloads one, uploads new ones (at most ATTACHMENT_MAX_BYTES each) and removes one from
 * the field. The field value changes at once; the record keeps it when the form is saved. With
 * `images` (kind image, ImageWidget.tsx) it takes image files only and shows each as a thumbnail.
 */
import { Button, Spinner, Text, makeStyles } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ATTACHMENT_MAX_BYTES,
  formatAttachmentIds,
  parseAttachmentIds,
  type AttachmentInfo,
} from '../../../runtime/shared/attachments';
import { formatNumber } from '../../format';
import { downloadBlob } from '../../screen/download';
import { widgetAttachmentsFor, widgetLang } from './context';
import { Thumbnail } from './Thumbnail';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: '4px' },
  item: { display: 'flex', alignItems: 'center', gap: '8px' },
  name: { flexGrow: 1, overflowWrap: 'anywhere' },
  error: { color: 'var(--colorPaletteRedForeground1)' },
});

const MAX_MB = ATTACHMENT_MAX_BYTES / (1024 * 1024);

export function AttachmentsWidget(props: WidgetProps & { images?: boolean }) {
  const images = props.images === true;
  const { t } = useTranslation();
  const styles = useStyles();
  const lang = widgetLang(props);
  const factory = widgetAttachmentsFor(props);
  const field = String(props.name);
  const client = useMemo(() => factory?.(field) ?? null, [factory, field]);
  const ids = useMemo(() => parseAttachmentIds(props.value), [props.value]);
  const [known, setKnown] = useState<Record<number, AttachmentInfo | null>>({});
  const [uploading, setUploading] = useState(0);
  const [errors, setErrors] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const editable = !props.disabled && !props.readonly;

  // names and sizes of ids not seen yet (the stored value when the form opens)
  const missing = ids.filter((id) => !(id in known));
  const missingKey = missing.join(',');
  useEffect(() => {
    if (!client || missingKey === '') return;
    const asked = parseAttachmentIds(missingKey);
    let alive = true;
    client.list(asked).then(
      (found) => {
        if (!alive) return;
        const next: Record<number, AttachmentInfo | null> = Object.fromEntries(asked.map((id) => [id, null]));
        for (const f of found) next[f.id] = f;
        setKnown((k) => ({ ...k, ...next }));
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [client, missingKey]);

  // the latest value for uploads finishing after other changes
  const latest = useRef(ids);
  useEffect(() => {
    latest.current = ids;
  }, [ids]);
  const setIds = (next: number[]) => {
    latest.current = next;
    props.onChange(next.length ? formatAttachmentIds(next) : undefined);
  };

  const upload = async (files: File[]) => {
    if (!client) return;
    const problems: string[] = [];
    for (const file of files) {
      if (images && !file.type.startsWith('image/')) {
        problems.push(t('form.attachments.notImage', { name: file.name }));
        continue;
      }
      if (file.size > ATTACHMENT_MAX_BYTES) {
        problems.push(t('form.attachments.tooLarge', { name: file.name, max: formatNumber(MAX_MB, lang) }));
        continue;
      }
      setUploading((n) => n + 1);
      try {
        const info = await client.upload(file);
        setKnown((k) => ({ ...k, [info.id]: info }));
        setIds([...latest.current, info.id]);
      } catch {
        problems.push(t('form.attachments.failed', { name: file.name }));
      } finally {
        setUploading((n) => n - 1);
      }
    }
    setErrors(problems);
  };

  const download = async (info: AttachmentInfo) => {
    if (client) downloadBlob(await client.download(info.id), info.name);
  };

  return (
    <div id={props.id} role="group" aria-label={props.label}>
      {ids.length === 0 && <Text>{t('form.attachments.empty')}</Text>}
      <ul className={styles.list}>
        {ids.map((id) => {
          const info = known[id];
          return (
            <li key={id} className={styles.item} data-attachment-id={id}>
              {images && client && info?.mime.startsWith('image/') && (
                <Thumbnail client={client} id={id} alt={info.name} />
              )}
              <Text className={styles.name}>
                {info
                  ? info.name
                  : info === null
                    ? t('form.attachments.unavailable', { id: formatNumber(id, lang) })
                    : '…'}
              </Text>
              {info && (
                <Text size={200}>
                  {t('form.attachments.size', {
                    size: formatNumber(Math.max(1, Math.ceil(info.size / 1024)), lang),
                  })}
                </Text>
              )}
              {info && (
                <Button
                  size="small"
                  appearance="subtle"
                  onClick={() => void download(info).catch(() => undefined)}
                >
                  {t('form.attachments.download')}
                </Button>
              )}
              {editable && (
                <Button
                  size="small"
                  appearance="subtle"
                  aria-label={`${t('form.attachments.remove')} ${info?.name ?? id}`}
                  onClick={() => setIds(latest.current.filter((x) => x !== id))}
                >
                  {t('form.attachments.remove')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {uploading > 0 && <Spinner size="tiny" label={t('form.attachments.uploading')} />}
      {errors.map((e) => (
        <Text key={e} role="alert" className={styles.error} block>
          {e}
        </Text>
      ))}
      {editable && client && (
        <>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            accept={images ? 'image/*' : undefined}
            data-testid={`${props.id}-file`}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              void upload(files);
            }}
          />
          <Button size="small" onClick={() => input.current?.click()}>
            {t('form.attachments.add')}
          </Button>
        </>
      )}
    </div>
  );
}
