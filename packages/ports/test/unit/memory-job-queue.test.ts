import { createLogger } from '@tapinti/platform/logger';
import { createMemoryJobQueue } from '../../src/memory-job-queue';

const silentLogger = createLogger('test', 'silent');

describe('memory job queue, long delays', () => {
  test('a delay longer than a Node timer can hold (30 days) does not fire early', async () => {
    jest.useFakeTimers();
    try {
      const queue = createMemoryJobQueue(silentLogger);
      const runs: number[] = [];
      queue.register('archive', async () => {
        runs.push(Date.now());
      });
      await queue.start();
      const thirtyDays = 30 * 24 * 3600 * 1000;
      await queue.enqueue('archive', {}, { delayMs: thirtyDays });
      await jest.advanceTimersByTimeAsync(thirtyDays - 60_000);
      expect(runs).toHaveLength(0);
      await jest.advanceTimersByTimeAsync(120_000);
      expect(runs).toHaveLength(1);
      await queue.close();
    } finally {
      jest.useRealTimers();
    }
  });
});
