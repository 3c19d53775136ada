/**
 * The bell's panel (NotificationBell.tsx), a chunk of its own: the caller's notifications, newest
 * first (Notifications/GetMine: only their own), unread ones marked; choosing one marks it read and
 * opens its document (`/{module}/{entity}?open={id}`) when it names one the user may view;
 * «mark all read» clears the badge. Escape or a click outside closes it.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, makeStyles, Popover, PopoverSurface, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { api } from '../../runtime/http/pipeline';
import { toPersianDigits } from '../../runtime/shared/normalize';

export interface NotificationPanelProps {
  target: HTMLElement | null;
  onClose: () => void;
  /** The unread count after a change here (the badge follows). */
  onUnread: (unread: number) => void;
}

interface Item {
  id: number;
  text: string;
  entity: string;
  rowId: number | null;
  at: string;
  read: boolean;
}

const useStyles = makeStyles({
  surface: {
    width: 'min(360px, calc(100vw - 16px))',
    maxHeight: 'min(480px, calc(100vh - 96px))',
    display: 'flex',
    flexDirection: 'column',
    padding: '0',
    boxSizing: 'border-box',
  },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '8px',
    padding: '8px 12px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  list: { overflowY: 'auto', margin: '0', padding: '0', listStyle: 'none' },
  item: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    gap: '2px',
    width: '100%',
    padding: '8px 12px',
    border: 'none',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    textAlign: 'start',
    cursor: 'pointer',
    font: 'inherit',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  unread: {
    backgroundColor: tokens.colorBrandBackground2,
    borderInlineStartWidth: '3px',
    borderInlineStartStyle: 'solid',
    borderInlineStartColor: tokens.colorBrandStroke1,
  },
  at: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  empty: { padding: '16px 12px', color: tokens.colorNeutralForeground3 },
});

export function NotificationPanel({ target, onClose, onUnread }: NotificationPanelProps) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const fa = i18n.language === 'fa';
  const [items, setItems] = useState<Item[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api
      .post<{ rows: Item[]; unread: number }>('Notifications/GetMine', {}, { silent: true })
      .then((r) => {
        setItems(r.rows);
        onUnread(r.unread);
      })
      .catch(() => setFailed(true));
  }, [onUnread]);
  const markRead = async (ids?: number[]) => {
    const r = await api.post<{ unread: number }>('Notifications/MarkRead', ids ? { ids } : {}, {
      silent: true,
    });
    onUnread(r.unread);
    setItems((list) => list?.map((i) => (!ids || ids.includes(i.id) ? { ...i, read: true } : i)) ?? null);
  };
  // the browser's own calendar (Jalali under fa): no date code in this chunk
  const format = new Intl.DateTimeFormat(fa ? 'fa-IR-u-ca-persian' : 'en-GB', {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const when = (iso: string) => {
    const text = format.format(new Date(iso));
    return fa ? toPersianDigits(text) : text;
  };
  const choose = (item: Item) => {
    if (!item.read) void markRead([item.id]).catch(() => undefined);
    if (item.rowId === null) return;
    onClose();
    void navigate(`/${item.entity.replace('.', '/')}?open=${item.rowId}`);
  };
  const unread = items?.some((i) => !i.read) ?? false;
  return (
    <Popover
      open
      trapFocus
      positioning={{ target, position: 'below', align: 'end' }}
      onOpenChange={(e, data) => {
        // the bell's own click is not a click outside: the bell closes the panel itself
        if (e.target instanceof Node && target?.contains(e.target)) return;
        if (!data.open) onClose();
      }}
    >
      <PopoverSurface
        className={styles.surface}
        aria-label={t('automations.bell')}
        data-testid="notification-panel"
      >
        <div className={styles.head}>
          <Text weight="semibold">{t('automations.bell')}</Text>
          <Button
            size="small"
            appearance="subtle"
            disabled={!unread}
            onClick={() => void markRead().catch(() => undefined)}
          >
            {t('automations.markAll')}
          </Button>
        </div>
        {failed ? (
          <div className={styles.empty}>{t('automations.loadFailed')}</div>
        ) : items === null ? (
          <div className={styles.empty} aria-busy="true">
            …
          </div>
        ) : items.length === 0 ? (
          <div className={styles.empty}>{t('automations.empty')}</div>
        ) : (
          <ul className={styles.list}>
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className={item.read ? styles.item : `${styles.item} ${styles.unread}`}
                  data-unread={item.read ? undefined : ''}
                  title={item.rowId !== null ? t('automations.open') : undefined}
                  onClick={() => choose(item)}
                >
                  {/* the answer came with Western digits (the pipeline normalises every answer) */}
                  <span>{fa ? toPersianDigits(item.text) : item.text}</span>
                  <span className={styles.at}>{when(item.at)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </PopoverSurface>
    </Popover>
  );
}
