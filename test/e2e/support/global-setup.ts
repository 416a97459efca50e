import { startSharedPlatforms } from '../../support/global-setup';

/**
 * One embedded platform for the e2e suites that only look at what they create themselves
 * (`sharedPlatforms('e2e')`); a suite that counts what the whole platform shows (the home list's
 * total, the matches of a post) starts its own.
 */
export default async function globalSetup() {
  await startSharedPlatforms('e2e', ['embedded']);
}
