/** The quick search's results come this long after the last key (the spec's 300 ms). */
export const QUICK_SEARCH_DEBOUNCE_MS = 300;

/** Enter without a chosen result leads to the inbox searching what was typed; a blank text leads nowhere. */
export function quickSearchPath(text: string): string | undefined {
  const query = text.trim();
  return query ? `/admin/inbox?search=${encodeURIComponent(query)}` : undefined;
}
