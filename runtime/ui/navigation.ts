/**
 * The navigation port: the runtime (catalogue, guards, logout) asks to go somewhere; the shell
 * connects react-router's navigate. Before that, the last request is remembered and replayed.
 */
type Navigate = (path: string) => void;

let target: Navigate | null = null;
let pending: string | null = null;

export function connectNavigation(next: Navigate | null): void {
  target = next;
  if (target && pending !== null) {
    const path = pending;
    pending = null;
    target(path);
  }
}

export function navigate(path: string): void {
  if (target) target(path);
  else pending = path;
}
