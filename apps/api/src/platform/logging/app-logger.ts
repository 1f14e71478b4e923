import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { LOG_LEVELS, type LogLevelName } from '../config/config.schema';

/** The levels at or above the given one, most severe first. */
export function levelsFrom(level: LogLevelName): LogLevel[] {
  return LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(level) + 1) as LogLevel[];
}

/** One JSON object per line on stdout/stderr. */
export function createAppLogger(level: LogLevelName): ConsoleLogger {
  return new ConsoleLogger({ json: true, logLevels: levelsFrom(level) });
}
