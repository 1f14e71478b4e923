import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import type { AppConfig } from '../../src/platform/config/app-config';
import { startTestApp, type TestApp } from './test-app';

/** Something a suite opened that must be closed before the app (e.g. client sockets). */
interface Closable {
  close(): unknown;
}

/** Stands for an object that exists once the suite's beforeAll has run; used before that, it says so. */
function lateBound<T extends object>(what: string, current: () => T | undefined): T {
  const target = () => {
    const value = current();
    if (!value) throw new Error(`${what} is used before the suite started it`);
    return value;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const value = target();
      const property = Reflect.get(value, key, value);
      return typeof property === 'function' ? property.bind(value) : property;
    },
    set: (_, key, value) => Reflect.set(target(), key, value),
  });
}

/**
 * The whole application for one suite, with an SMTP sink for the mail it sends: both started before the suite's
 * tests and closed after them (after the `sockets` the suite opened). `config` changes the app's test configuration.
 */
export function suiteWithApp(options: { sockets?: Closable[]; config?: Partial<AppConfig> } = {}): {
  t: TestApp;
  sink: SmtpSink;
} {
  let sink: SmtpSink | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ ...options.config, smtpUrl: sink.url });
  });
  afterAll(async () => {
    for (const socket of options.sockets ?? []) socket.close();
    await t?.close();
    await sink?.close();
  });
  return { t: lateBound('The test app', () => t), sink: lateBound('The SMTP sink', () => sink) };
}
