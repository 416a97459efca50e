// Suites that start real processes and servers need minutes, not jest's default 5 s.
jest.setTimeout(Number(process.env.TEST_TIMEOUT_MS ?? 180_000));
