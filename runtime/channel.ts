/**
 * Cross-tab messages on the BroadcastChannel 'update' (spec section 4): 'reload' reloads the page,
 * 'logout' logs this tab out without broadcasting again.
 */
export type ChannelMessage = 'reload' | 'logout';

const NAME = 'update';
let channel: BroadcastChannel | null = null;

function open(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  channel ??= new BroadcastChannel(NAME);
  return channel;
}

export function broadcast(message: ChannelMessage): void {
  open()?.postMessage(message);
}

export interface ChannelHandlers {
  reload: () => void;
  logout: () => void;
}

/** Starts listening; returns a stop function. */
export function listenChannel(handlers: ChannelHandlers): () => void {
  const ch = open();
  if (!ch) return () => undefined;
  const onMessage = (event: MessageEvent<unknown>) => {
    if (event.data === 'reload') handlers.reload();
    else if (event.data === 'logout') handlers.logout();
  };
  ch.addEventListener('message', onMessage);
  return () => ch.removeEventListener('message', onMessage);
}

/** Closes the channel (tests, page unload). */
export function closeChannel(): void {
  channel?.close();
  channel = null;
}
