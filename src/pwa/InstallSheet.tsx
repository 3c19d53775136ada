/**
 * The install bottom sheet (spec section 2; at most 80vh high): an install button on Android, the
 * three Persian steps on iOS, and "do not show again" (the pwa cookie, runtime/install).
 */
import {
  Button,
  DrawerBody,
  DrawerFooter,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  Text,
} from '@fluentui/react-components';
import { useStore } from 'zustand';
import { useTranslation } from 'react-i18next';
import {
  closeInstallSheet,
  installStore,
  neverShowInstall,
  promptInstall,
} from '../../runtime/install/installPrompt';

export function InstallSheet() {
  const { t } = useTranslation();
  const open = useStore(installStore, (s) => s.open);
  return (
    <OverlayDrawer
      position="bottom"
      size="small"
      open={open !== null}
      onOpenChange={(_, d) => !d.open && closeInstallSheet()}
      style={{ maxHeight: '80vh', height: 'auto' }}
      data-testid="install-sheet"
    >
      <DrawerHeader>
        <DrawerHeaderTitle>{t('install.title')}</DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        {open === 'ios' ? (
          <>
            <Text as="p">{t('install.iosText')}</Text>
            <ol>
              <li>{t('install.iosStep1')}</li>
              <li>{t('install.iosStep2')}</li>
              <li>{t('install.iosStep3')}</li>
            </ol>
          </>
        ) : (
          <Text as="p">{t('install.androidText')}</Text>
        )}
      </DrawerBody>
      <DrawerFooter>
        {open === 'android' && (
          <Button appearance="primary" onClick={() => void promptInstall()}>
            {t('install.install')}
          </Button>
        )}
        <Button onClick={() => closeInstallSheet()}>{t('install.later')}</Button>
        <Button appearance="subtle" onClick={() => neverShowInstall()}>
          {t('install.never')}
        </Button>
      </DrawerFooter>
    </OverlayDrawer>
  );
}
