import {
  AUTH_EVENTS,
  type UserProfileUpdatedV1,
  type UserRegisteredV1,
} from '@tapinti/contracts/auth-events';
import { upsertActorName } from '../store/audit-logs';
import type { EffectEntry } from './effects';

/** audit.users: the usernames of actors, kept from auth events. */
export const actorNamesEffect: EffectEntry = {
  name: 'actor-names',
  appliesTo: (type) => type === AUTH_EVENTS.registered || type === AUTH_EVENTS.profileUpdated,
  effect: async (trx, event) => {
    if (event.type === AUTH_EVENTS.registered) {
      const p = event.payload as UserRegisteredV1;
      await upsertActorName(trx, p.userId, p.username);
    } else {
      const p = event.payload as UserProfileUpdatedV1;
      if (typeof p.after?.username === 'string') await upsertActorName(trx, p.userId, p.after.username);
    }
  },
};
