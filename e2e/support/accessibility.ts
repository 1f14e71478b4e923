import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What fails a browser test: axe violations of these impacts. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);
/** How long a screen may take to settle (remote loaded, spinners gone) before it is checked anyway. */
const SETTLE_MS = 5_000;

export interface A11yViolation {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** A screen is its path with ids taken out, and the theme it is shown in. */
function screenOf(url: string, theme: string): string {
  const { pathname } = new URL(url);
  return `${pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27,}/gi, ':id')} (${theme})`;
}

/**
 * What a screen shows, as far as accessibility goes, without its texts: the classes and roles of its elements
 * (PrimeReact marks states with classes: p-highlight, p-disabled, p-invalid, the severity of a message...), which of
 * them are disabled or hidden, and the colours set inline (the labels' own colours). Two moments of a screen with
 * the same fingerprint are checked once per run of the suite.
 */
async function fingerprint(page: Page): Promise<string> {
  return page.evaluate(() => {
    const marks = new Set<string>();
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      for (const name of Array.from(element.classList)) marks.add(`.${name}`);
      const role = element.getAttribute('role');
      if (role) marks.add(`[role=${role}]`);
      for (const state of ['aria-disabled', 'aria-hidden', 'aria-invalid', 'aria-expanded', 'disabled']) {
        if (element.hasAttribute(state)) marks.add(`${element.tagName}[${state}=${element.getAttribute(state)}]`);
      }
      if (element.style?.color || element.style?.backgroundColor) {
        marks.add(`{${element.style.color};${element.style.backgroundColor}}`);
      }
    }
    return [...marks].sort().join(' ');
  });
}

async function analyze(page: Page, rules?: string[]) {
  // axe.run in the page itself ('legacy' mode): the default runs axe in every frame and merges the results in a blank
  // page it opens for each check, which costs a new page per check; the frames (the email bodies) are excluded here.
  const builder = new AxeBuilder({ page })
    .exclude('iframe')
    .options({ resultTypes: ['violations'], iframes: false })
    .setLegacyMode();
  if (rules) builder.withRules(rules);
  return (await builder.analyze()).violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
}

/**
 * Runs axe on the page as it is now; the email bodies (outside content in sandboxed frames) are left out. A contrast
 * found while something was still changing (a colour transition, an overlay the test opened or closed) is checked
 * again once the page is still, twice at most, and only what is found every time counts.
 */
export async function axeViolations(page: Page, screen: string): Promise<A11yViolation[]> {
  let violations = await analyze(page);
  // Twice more at most: an overlay that the test opened or closed while axe ran is still fading the first time.
  for (let confirmation = 0; confirmation < 2; confirmation++) {
    if (!violations.some((violation) => violation.id === 'color-contrast')) break;
    await page.waitForTimeout(confirmation * 250);
    await settled(page);
    const again = new Set(
      (await analyze(page, ['color-contrast'])).flatMap((violation) =>
        violation.nodes.map((node) => node.target.join(' ')),
      ),
    );
    violations = violations
      .map((violation) =>
        violation.id === 'color-contrast'
          ? { ...violation, nodes: violation.nodes.filter((node) => again.has(node.target.join(' '))) }
          : violation,
      )
      .filter((violation) => violation.nodes.length > 0);
  }
  return violations.map((violation) => ({
    screen,
    rule: violation.id,
    impact: violation.impact ?? '',
    help: violation.help,
    // The target and why it fails (for contrast: the colours and the ratio found).
    targets: violation.nodes.map(
      (node) => `${node.target.join(' ')}: ${(node.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`,
    ),
  }));
}

/** Waits until the page is drawn and still: the app rendered, no spinner, no transition or animation under way. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load', { timeout: SETTLE_MS }).catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        document.getElementById('root')?.childElementCount !== 0 &&
        !document.querySelector('.p-progress-spinner, .p-datatable-loading-overlay') &&
        // PrimeReact's overlays between their enter or exit classes are still fading (whatever the timeline says).
        !document.querySelector(
          '.p-connected-overlay-enter, .p-connected-overlay-enter-active, .p-connected-overlay-exit, .p-connected-overlay-exit-active',
        ) &&
        // Overlays fading in or out and colours changing are checked once they are still; endless ones (a busy
        // icon) never end and are not waited for.
        document
          .getAnimations()
          .every(
            (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: SETTLE_MS, polling: 'raf' },
    )
    .catch(() => undefined);
}

/**
 * Pages that are not the product's screens: the API documentation is Swagger UI's own page for developers (its markup
 * is the library's, see docs/operations.md), checked by its own test for working and for the CSP, not by axe.
 */
const NOT_A_SCREEN = /^\/api\/docs(\/|$)/;

/**
 * The states checked in this run of the suite, shared by its workers: one empty file per state (named by its hash) in
 * the run's directory (E2E_A11Y_DIR, made by the global setup), and this worker's own memory of them.
 */
const checkedStates = new Set<string>();
const checkedDir = process.env.E2E_A11Y_DIR;

function stateKey(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

function wasChecked(state: string): boolean {
  const key = stateKey(state);
  return checkedStates.has(key) || (checkedDir !== undefined && existsSync(join(checkedDir, key)));
}

function markChecked(state: string): void {
  const key = stateKey(state);
  checkedStates.add(key);
  if (checkedDir) writeFileSync(join(checkedDir, key), '');
}

/**
 * Checks every screen a test visits with axe: each page of the test's browser context is checked after each
 * navigation and again at the end of the test, and where a test asks for it (an overlay open). A state already
 * checked in this run (same screen, theme and fingerprint) is not checked again. Violations are collected and
 * reported together when the test ends; a check cut short by the test navigating on is dropped.
 */
export class A11yWatch {
  private readonly violations: A11yViolation[] = [];
  /** Once the test's end was checked, an overlay that opens still (a fade-out, a late push) is not checked. */
  private finished = false;
  private queue: Promise<void> = Promise.resolve();

  constructor(context: BrowserContext) {
    for (const page of context.pages()) this.watch(page);
    context.on('page', (page) => this.watch(page));
  }

  /**
   * Also checks a page each time an overlay has finished opening (a dropdown's or an autocomplete's panel, a menu, a
   * dialog, a sidebar, a toast: PrimeReact marks each with a `…-enter-done` class), so that what a test opens is
   * checked while it is open, not only when a navigation or the test's end happens to find it open.
   */
  async watchOverlays(context: BrowserContext): Promise<void> {
    await context.exposeBinding('__a11yOverlayShown', ({ page }) => {
      if (!this.finished) void this.schedule(page);
    });
    await context.addInitScript(() => {
      if (window !== window.top) return;
      let pending = false;
      const shown = (element: Element) => Array.from(element.classList).some((name) => name.endsWith('-enter-done'));
      new MutationObserver((mutations) => {
        if (pending || !mutations.some((mutation) => shown(mutation.target as Element))) return;
        pending = true;
        setTimeout(() => {
          pending = false;
          void (window as unknown as { __a11yOverlayShown: () => Promise<void> }).__a11yOverlayShown();
        }, 50);
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
    });
  }

  private watch(page: Page): void {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.schedule(page);
    });
  }

  private schedule(page: Page): Promise<void> {
    this.queue = this.queue.then(() => this.check(page));
    return this.queue;
  }

  private async check(page: Page): Promise<void> {
    if (page.isClosed()) return;
    try {
      await settled(page);
      if (page.isClosed() || !page.url().startsWith('http')) return;
      if (NOT_A_SCREEN.test(new URL(page.url()).pathname)) return;
      const theme = await page.evaluate(() => document.documentElement.dataset.theme ?? 'light');
      const screen = screenOf(page.url(), theme);
      const state = `${screen} ${await fingerprint(page)}`;
      if (wasChecked(state)) return;
      const found = await axeViolations(page, screen);
      markChecked(state);
      this.violations.push(...found);
    } catch (error) {
      // The page navigated on or closed while it was checked: the next navigation's check takes over.
      // axe's script lives in the document: a new document between its injection and its run has no `axe`.
      // A check an overlay started just as the test ended is cut short the same way.
      if (!/context was destroyed|Target .*closed|navigat|reading 'run(Partial)?'|Test ended/i.test(String(error))) {
        throw error;
      }
    }
  }

  /** Checks the screen a page shows now (an overlay open, a theme), unless this very state was checked before. */
  checkNow(page: Page): Promise<void> {
    return this.schedule(page);
  }

  /** Checks the screens the test ends on and returns every violation found. */
  async finish(context: BrowserContext): Promise<A11yViolation[]> {
    this.finished = true;
    for (const page of context.pages()) void this.schedule(page);
    await this.queue;
    return this.violations;
  }
}

export function describeViolations(violations: A11yViolation[]): string {
  return violations
    .map((v) => `${v.screen}: [${v.impact}] ${v.rule} — ${v.help}\n    ${v.targets.slice(0, 5).join('\n    ')}`)
    .join('\n');
}
