import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { LOG_LEVELS, type LogLevelName } from '../config/config.schema';
import { RequestContext } from '../request-context/request-context';

/** The levels at or above the given one, most severe first. */
export function levelsFrom(level: LogLevelName): LogLevel[] {
  return LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(level) + 1) as LogLevel[];
}

interface JsonLogOptions {
  context: string;
  logLevel: LogLevel;
  writeStreamType?: 'stdout' | 'stderr';
  errorStack?: unknown;
  params?: Record<string, unknown>;
  error?: Error;
}

/**
 * One JSON object per line on stdout/stderr. A line written while serving a request carries its `requestId`; one
 * written by a reaction carries the `requestId` of the request that started the chain (its correlation id) and the
 * `eventId` it handles. Lines outside any scope (start, background workers) carry neither.
 */
export class AppLogger extends ConsoleLogger {
  protected override getJsonLogObject(message: unknown, options: JsonLogOptions) {
    const logObject = super.getJsonLogObject(message, options);
    const scope = RequestContext.peek();
    if (scope) {
      logObject.requestId = scope.correlationId;
      if (scope.causationId) logObject.eventId = scope.causationId;
    }
    return logObject;
  }
}

export function createAppLogger(level: LogLevelName): ConsoleLogger {
  return new AppLogger({ json: true, logLevels: levelsFrom(level) });
}
