/** A stored image file shown small (the image widget): fetched through the attachments client. */
import { makeStyles } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { AttachmentsClient } from '../../../runtime/entity/attachments';

const useStyles = makeStyles({
  img: { width: '64px', height: '64px', objectFit: 'cover', borderRadius: '4px' },
});

export function Thumbnail({ client, id, alt }: { client: AttachmentsClient; id: number; alt: string }) {
  const styles = useStyles();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    let made: string | null = null;
    client.download(id).then(
      (blob) => {
        if (!alive) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => undefined,
    );
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [client, id]);
  return url ? <img src={url} alt={alt} className={styles.img} /> : null;
}
