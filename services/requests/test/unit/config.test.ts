import { REQUEST_LIMITS } from '@tapinti/contracts/requests-api';
import { ConfigError } from '@tapinti/platform/config';
import { requestLimitsFrom } from '../../src/config';

describe('requests configuration', () => {
  it('defaults to 20 open and 10 an hour, takes other whole numbers, refuses nonsense', () => {
    expect(requestLimitsFrom({})).toEqual(REQUEST_LIMITS);
    expect(requestLimitsFrom({ REQUESTS_MAX_OPEN: '5', REQUESTS_MAX_PER_HOUR: '100' })).toEqual({
      maxOpen: 5,
      maxPerHour: 100,
    });
    expect(() => requestLimitsFrom({ REQUESTS_MAX_OPEN: '0', REQUESTS_MAX_PER_HOUR: 'many' })).toThrow(
      ConfigError,
    );
  });
});
