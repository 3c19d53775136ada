/**
 * The header's notification bell (docs/automations.md): a button with the unread count as a badge
 * (Persian digits under fa), polled in the background every minute (Notifications/UnreadCount);
 * a click opens the panel (NotificationPanel.tsx). The bell and its panel are one chunk, loaded
 * after the screen's first rows (ShellHeader.tsx LazyBell): none of it is in a grid screen's
 * first load (bench/budget.mjs).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { AlertRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { api } from '../../runtime/http/pipeline';
import { toPersianDigits } from '../../runtime/shared/normalize';
import { NotificationPanel } from './NotificationPanel';

const POLL_MS = 60_000;
/** The bell itself loads after the first rows: it counts at once. */
const FIRST_POLL_MS = 0;

const useStyles = makeStyles({
  bell: { position: 'relative', minWidth: '36px' },
  badge: {
    position: 'absolute',
    top: '0',
    insetInlineEnd: '0',
    minWidth: '18px',
    height: '18px',
    padding: '0 4px',
    boxSizing: 'border-box',
    borderRadius: '9px',
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: tokens.fontSizeBase100,
    lineHeight: '18px',
    textAlign: 'center',
  },
});

export function NotificationBell() {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const [unread, setUnread] = useState(0);
  const [panel, setPanel] = useState<{ target: HTMLElement | null } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const poll = useCallback(() => {
    api
      .post<{ unread: number }>('Notifications/UnreadCount', {}, { silent: true, background: true })
      .then((r) => setUnread(r.unread))
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    const first = setTimeout(poll, FIRST_POLL_MS);
    const timer = setInterval(poll, POLL_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [poll]);
  const open = () => setPanel({ target: button.current });
  const close = () => {
    setPanel(null);
    button.current?.focus();
  };
  const count = i18n.language === 'fa' ? toPersianDigits(String(unread)) : String(unread);
  const label =
    unread > 0 ? `${t('automations.bell')} — ${t('automations.unread', { count })}` : t('automations.bell');
  return (
    <>
      <Button
        ref={button}
        className={styles.bell}
        appearance="subtle"
        icon={<AlertRegular />}
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={panel !== null}
        data-testid="notification-bell"
        onClick={() => (panel ? close() : open())}
      >
        {unread > 0 && (
          <span className={styles.badge} data-testid="notification-badge" aria-hidden="true">
            {unread > 99 ? (i18n.language === 'fa' ? '۹۹+' : '99+') : count}
          </span>
        )}
      </Button>
      {panel && <NotificationPanel target={panel.target} onClose={close} onUnread={setUnread} />}
    </>
  );
}
