/**
 * The lazily loaded menus (export, user) mount while the click that opened them may still be on its
 * way to the page: that click, on their own button, is not a click outside and must not close them;
 * a click elsewhere does.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ExportMenu } from '../../../renderers/screen/ExportMenu';
import { UserMenuList } from '../../../src/shell/UserMenuList';
import { setupI18n } from '../support/i18n';

beforeAll(async () => {
  await setupI18n();
});
afterEach(cleanup);

function opener(): HTMLButtonElement {
  const button = document.createElement('button');
  button.textContent = 'opener';
  document.body.append(button);
  return button;
}

const menus = {
  export: (target: HTMLElement, onClose: () => void) => (
    <ExportMenu target={target} onExport={() => {}} onClose={onClose} />
  ),
  user: (target: HTMLElement, onClose: () => void) => (
    <UserMenuList target={target} onChangePassword={() => {}} onLogout={() => {}} onClose={onClose} />
  ),
};

describe.each(Object.entries(menus))('the %s menu', (_name, menu) => {
  it('stays open for the opening click on its button, closes for a click elsewhere', async () => {
    const target = opener();
    const onClose = vi.fn();
    render(<FluentProvider theme={webLightTheme}>{menu(target, onClose)}</FluentProvider>);
    expect(await screen.findAllByRole('menuitem')).toHaveLength(2);
    await act(async () => {
      fireEvent.mouseDown(target);
      fireEvent.mouseUp(target);
      fireEvent.click(target);
      await new Promise((done) => setTimeout(done, 0));
    });
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.mouseDown(document.body);
      fireEvent.mouseUp(document.body);
      fireEvent.click(document.body);
      await new Promise((done) => setTimeout(done, 0));
    });
    expect(onClose).toHaveBeenCalled();
    target.remove();
  });
});
