/** After a publish or rollback: definitions and menu are read again, so the change shows at once. */
import { clearMetaCaches } from '../../../runtime/meta/loaders';
import { loadMenu } from '../../../runtime/menu/menu';

export async function refreshAfterPublish(revalidate: () => unknown): Promise<void> {
  clearMetaCaches();
  await loadMenu().catch(() => undefined);
  // the shell's loader reads the stored menu again (its side navigation follows)
  await revalidate();
}
