/**
 * The first screen of a page load: what the user came for (the inbox's first rows) is shown before the parts that
 * can wait (the realtime connection, the notification bell) load their code. A screen calls firstScreenShown() once
 * its content is on the page; should none do so, they load FIRST_SCREEN_FALLBACK_MS after the page's `load` event.
 */
export const FIRST_SCREEN_FALLBACK_MS = 1500;

let markShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
});

/** Resolves once the document has loaded (at once when it already has). */
function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/** The screen's content is on the page (called once or more; only the first call counts). */
export function firstScreenShown(): void {
  markShown();
}

/**
 * Resolves when the first screen was shown, or FIRST_SCREEN_FALLBACK_MS after the page's load event; at once outside
 * a browser.
 */
export function afterFirstScreen(): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  const fallback = pageLoaded().then(
    () => new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_FALLBACK_MS)),
  );
  return Promise.race([shown, fallback]);
}
