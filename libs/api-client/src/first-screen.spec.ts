/** @jest-environment jsdom */
describe('the first screen', () => {
  // Each test loads the module anew: the first screen is shown once per page.
  let firstScreen: typeof import('./first-screen');
  beforeEach(() => {
    jest.resetModules();
    jest.useFakeTimers();
    firstScreen = jest.requireActual('./first-screen');
  });
  afterEach(() => jest.useRealTimers());

  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => {
      done = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    await Promise.resolve();
    return done;
  };

  it('waits until the screen says it is shown', async () => {
    const waiting = firstScreen.afterFirstScreen();
    jest.advanceTimersByTime(firstScreen.FIRST_SCREEN_FALLBACK_MS - 1);
    expect(await settled(waiting)).toBe(false);
    firstScreen.firstScreenShown();
    expect(await settled(waiting)).toBe(true);
    // Asked later, it answers at once.
    expect(await settled(firstScreen.afterFirstScreen())).toBe(true);
  });

  it('stops waiting after the fallback on a screen that never says so', async () => {
    const waiting = firstScreen.afterFirstScreen();
    await Promise.resolve();
    jest.advanceTimersByTime(firstScreen.FIRST_SCREEN_FALLBACK_MS - 1);
    expect(await settled(waiting)).toBe(false);
    jest.advanceTimersByTime(1);
    expect(await settled(waiting)).toBe(true);
  });
});
