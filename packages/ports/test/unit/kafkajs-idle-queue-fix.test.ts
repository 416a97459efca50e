import { createRequire } from 'node:module';
import { fixKafkajsIdleRequestQueue } from '@tapinti/ports/kafkajs-idle-queue-fix';

interface Queue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  destroy(): void;
}

const RequestQueue = createRequire(__filename)('kafkajs/src/network/requestQueue/index.js') as new (
  options: object,
) => Queue;

function queue(): Queue {
  const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
  return new RequestQueue({
    instrumentationEmitter: null,
    maxInFlightRequests: 1,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'test',
    broker: 'localhost:9092',
    logger: { namespace: () => silent },
    isConnected: () => true,
  });
}

describe('kafkajs request queue after fixKafkajsIdleRequestQueue', () => {
  beforeAll(() => fixKafkajsIdleRequestQueue());

  it('sets no timer while nothing is pending (2.2.4 re-armed a 1 ms one forever)', () => {
    const q = queue();
    q.checkPendingRequests();
    expect(q.throttleCheckTimeoutId).toBeNull();
    q.destroy();
  });

  it('still looks again while a request waits, and after a throttle ends', () => {
    const q = queue();
    q.pending.push({});
    q.throttledUntil = Date.now() + 60_000;
    const looks = jest.spyOn(q, 'checkPendingRequests').mockImplementation(() => {});
    jest.useFakeTimers();
    try {
      (q as unknown as { scheduleCheckPendingRequests(): void }).scheduleCheckPendingRequests();
      expect(q.throttleCheckTimeoutId).not.toBeNull();
      jest.advanceTimersByTime(59_000);
      expect(looks).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1_100);
      expect(looks).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
      q.destroy();
    }
  });
});
