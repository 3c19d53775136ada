/**
 * What the form's component tests need of jsdom and the shell: i18next with the shipped Persian
 * texts, and a ResizeObserver (jsdom has none; Fluent and AG Grid only need it to exist, there is
 * no layout here).
 */
import { setupI18n } from './i18n';

export async function setupFormDom(): Promise<void> {
  await setupI18n();
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
