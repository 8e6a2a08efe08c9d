import type { LogEntry } from '@cairn/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger';

function makeLogger(level: number) {
  const sent: LogEntry[] = [];
  const out = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), log: vi.fn(), debug: vi.fn(), trace: vi.fn() };
  const logger = createLogger({ level, getUsername: () => 'coder1', send: (entry) => sent.push(entry), console: out });
  return { logger, sent, out };
}

describe('the application logger', () => {
  it('writes to the console only up to the configured level (0 error … 5 trace)', () => {
    const { logger, out } = makeLogger(2);
    logger.info('shown');
    logger.log('hidden');
    logger.trace('hidden');
    expect(out.info).toHaveBeenCalledWith('shown');
    expect(out.log).not.toHaveBeenCalled();
    expect(out.trace).not.toHaveBeenCalled();
  });

  it('sends errors and warnings to the server with level, message, username and extras', () => {
    const { logger, sent } = makeLogger(0);
    logger.error('render failed', { page: 'schedule' });
    logger.warn('slow');
    logger.info('not sent');
    expect(sent).toEqual([
      { message: 'render failed', extras: { page: 'schedule' }, username: 'coder1', logLevel: 0 },
      { message: 'slow', extras: undefined, username: 'coder1', logLevel: 1 },
    ]);
  });

  it('sends events in the event shape', () => {
    const { logger, sent } = makeLogger(0);
    logger.event('SettingsClick', { source: 'avatar' });
    expect(sent).toEqual([{ event_type: 'SettingsClick', info: { source: 'avatar' }, error: undefined }]);
  });
});
