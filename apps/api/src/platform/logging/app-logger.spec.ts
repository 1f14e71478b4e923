import { ANONYMOUS, RequestContext, SYSTEM } from '../request-context/request-context';
import { createAppLogger } from './app-logger';

/** The JSON lines the logger writes to stdout and stderr while fn runs. */
function linesOf(fn: () => void): Record<string, unknown>[] {
  const written: string[] = [];
  const spies = [process.stdout, process.stderr].map((stream) =>
    jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    }),
  );
  try {
    fn();
  } finally {
    spies.forEach((spy) => spy.mockRestore());
  }
  return written
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the application logger', () => {
  const logger = createAppLogger('log');

  it('writes the request id in every line logged while serving a request, at every level', () => {
    const lines = linesOf(() =>
      RequestContext.run({ correlationId: 'req-42', causationId: null, actor: ANONYMOUS, teamId: null }, () => {
        logger.log('served', 'Test');
        logger.warn('odd', 'Test');
        logger.error('failed', 'stack', 'Test');
      }),
    );
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toMatchObject({ requestId: 'req-42', context: 'Test' });
    expect(lines.every((line) => !('eventId' in line))).toBe(true);
    expect(lines.map((line) => line.level)).toEqual(['log', 'warn', 'error']);
  });

  it('writes the correlation id and the event a reaction handles', () => {
    const [line] = linesOf(() =>
      RequestContext.run({ correlationId: 'req-7', causationId: 'event-9', actor: SYSTEM, teamId: 't1' }, () =>
        logger.log('reacted', 'Reaction'),
      ),
    );
    expect(line).toMatchObject({ message: 'reacted', requestId: 'req-7', eventId: 'event-9' });
    expect(line).not.toHaveProperty('teamId');
  });

  it('writes neither outside a request or reaction', () => {
    const [line] = linesOf(() => logger.log('started', 'Main'));
    expect(line).toMatchObject({ message: 'started', context: 'Main' });
    expect(line).not.toHaveProperty('requestId');
    expect(line).not.toHaveProperty('eventId');
  });
});
