import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';

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

/** Runs axe on the page as it is now; the email bodies (outside content in sandboxed frames) are left out. */
export async function axeViolations(page: Page, screen: string): Promise<A11yViolation[]> {
  const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      screen,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load', { timeout: SETTLE_MS }).catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        document.getElementById('root')?.childElementCount !== 0 &&
        !document.querySelector('.p-progress-spinner, .p-datatable-loading-overlay') &&
        // Overlays fading in or out are checked once they are still.
        document.getAnimations().every((animation) => animation.playState !== 'running'),
      undefined,
      { timeout: SETTLE_MS },
    )
    .catch(() => undefined);
}

/**
 * Checks every screen a test visits with axe: each page of the test's browser context is checked after each
 * navigation (once per screen and theme), and again at the end of the test. Violations are collected and
 * reported together when the test ends; a check cut short by the test navigating on is dropped.
 */
export class A11yWatch {
  private readonly checked = new Set<string>();
  private readonly violations: A11yViolation[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(context: BrowserContext) {
    for (const page of context.pages()) this.watch(page);
    context.on('page', (page) => this.watch(page));
  }

  private watch(page: Page): void {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.schedule(page);
    });
  }

  private schedule(page: Page, force = false): Promise<void> {
    this.queue = this.queue.then(() => this.check(page, force));
    return this.queue;
  }

  private async check(page: Page, force: boolean): Promise<void> {
    if (page.isClosed()) return;
    await settled(page);
    if (page.isClosed() || !page.url().startsWith('http')) return;
    const theme = await page.evaluate(() => document.documentElement.dataset.theme ?? 'light').catch(() => 'light');
    const screen = screenOf(page.url(), theme);
    if (!force && this.checked.has(screen)) return;
    try {
      const found = await axeViolations(page, screen);
      this.checked.add(screen);
      this.violations.push(...found);
    } catch (error) {
      // The page navigated on while it was checked: the next navigation's check takes over.
      if (!/context was destroyed|Target .*closed|navigat/i.test(String(error))) throw error;
    }
  }

  /** Checks the screen a page shows now, even when one like it was checked before (an overlay open, a theme). */
  checkNow(page: Page): Promise<void> {
    return this.schedule(page, true);
  }

  /** Checks the screens the test ends on and returns every violation found. */
  async finish(context: BrowserContext): Promise<A11yViolation[]> {
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
