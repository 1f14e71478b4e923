/**
 * What the client reports to whoever shows it (the shell): error notices of secured calls and the
 * "upgrade required" signal (449) on which every open dialog closes.
 */
export type ApiEvent = { type: 'error'; status: number; text: string } | { type: 'upgrade-required' };

type Listener = (event: ApiEvent) => void;
const listeners = new Set<Listener>();

export const apiEvents = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  emit(event: ApiEvent): void {
    for (const listener of [...listeners]) listener(event);
  },
};
