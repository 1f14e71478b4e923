import { ConsoleLogger } from '@nestjs/common';

const LEVELS = ['log', 'error', 'warn', 'debug', 'verbose', 'fatal'] as const;

export interface LogCapture {
  /** Every line logged since the capture started, at any level (also the ones below the configured level). */
  lines(): string[];
  stop(): void;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}\n${value.stack ?? ''}`;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/**
 * Records what the application logs: every call on the Nest ConsoleLogger (the application's logger; a
 * `new Logger(name)` delegates to it) at every level, whether or not that level is printed, and console output.
 * Start it before the application is created or at any time after: the methods are replaced on the prototype.
 */
export function captureLogs(): LogCapture {
  const captured: string[] = [];
  const spies: jest.SpyInstance[] = [];
  for (const level of LEVELS) {
    const original = ConsoleLogger.prototype[level] as (...args: unknown[]) => void;
    spies.push(
      jest.spyOn(ConsoleLogger.prototype, level).mockImplementation(function (this: ConsoleLogger, ...args: unknown[]) {
        captured.push(`[${level}] ${args.map(text).join(' ')}`);
        return original.apply(this, args);
      }),
    );
  }
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[method].bind(console);
    spies.push(
      jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        captured.push(`[console.${method}] ${args.map(text).join(' ')}`);
        original(...args);
      }),
    );
  }
  return {
    lines: () => [...captured],
    stop: () => spies.forEach((spy) => spy.mockRestore()),
  };
}
