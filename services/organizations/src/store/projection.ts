import type { Projector } from '@tapinti/eventstore/event-sourcing';

/** Read models follow this service's events here, in the appending transaction. */
export const project: Projector = async () => {};
