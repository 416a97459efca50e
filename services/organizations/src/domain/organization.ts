import { ORGANIZATION_MESSAGES, type UpdateOrganizationRequest } from '@tapinti/contracts/organizations-api';
import {
  ORGANIZATION_EVENTS,
  type MemberRemovedV1,
  type OrganizationCreatedV1,
  type OrganizationDeactivatedV1,
  type OrganizationFields,
  type OrganizationReactivatedV1,
  type OrganizationType,
  type OrganizationUpdatedV1,
  type VenueProfileSetV1,
} from '@tapinti/contracts/organizations-events';
import { VENUE_MESSAGES, type VenueProfileRequest } from '@tapinti/contracts/venues-api';
import type { Decider, Evolver } from '@tapinti/eventstore/command-handler';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import type { OrganizationRole } from '@tapinti/contracts/roles';
import { ConflictError, NotFoundError } from '@tapinti/platform/errors';
import { sameJson } from './json';

/** An organisation as its own stream says (the write side's view). */
export interface OrganizationState {
  id: string;
  name: string;
  type: OrganizationType;
  address: string;
  contactEmail: string;
  contactPhone: string | null;
  settings: Record<string, unknown>;
  isActive: boolean;
}

export const organizationEvolver: Evolver<OrganizationState | null> = {
  initialState: () => null,
  evolve(state, event) {
    switch (event.type) {
      case ORGANIZATION_EVENTS.created: {
        const p = event.payload as OrganizationCreatedV1;
        return {
          id: p.organizationId,
          name: p.name,
          type: p.type,
          address: p.address,
          contactEmail: p.contactEmail,
          contactPhone: p.contactPhone,
          settings: p.settings,
          isActive: p.isActive,
        };
      }
      case ORGANIZATION_EVENTS.updated: {
        const p = event.payload as OrganizationUpdatedV1;
        return state && { ...state, ...definedOnly(p.after) };
      }
      case ORGANIZATION_EVENTS.deactivated:
        return state && { ...state, isActive: false };
      case ORGANIZATION_EVENTS.reactivated:
        return state && { ...state, isActive: true };
      default:
        return state;
    }
  },
};

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The fields an organisation is created with (from the application, overridden by the approval). */
export interface NewOrganization {
  name: string;
  type: OrganizationType;
  address: string;
  contactEmail: string;
  contactPhone: string | null;
}

export type OrganizationCommand =
  | {
      type: 'create';
      organizationId: string;
      /** The approved application, or null. */
      applicationId: string | null;
      fields: NewOrganization;
      now: Date;
    }
  | { type: 'update'; changes: UpdateOrganizationRequest; actorId: string | null; now: Date }
  /**
   * Issue 25: an admin (or the super admin) removes a member; `member` is the membership read in
   * the deciding transaction, null when the user is not one. Nobody removes themselves (another
   * admin does), so an organisation never loses its last admin by mistake.
   */
  /**
   * Issue 26: the venue page's profile (at approval, or by its admin). `slugTaken`: another
   * organisation's page has the slug, read under the slug's lock in the deciding transaction.
   */
  | {
      type: 'set-venue-profile';
      profile: VenueProfileRequest;
      slugTaken: boolean;
      actorId: string;
      now: Date;
    }
  | {
      type: 'remove-member';
      member: { userId: string; role: OrganizationRole } | null;
      actorId: string;
      now: Date;
    };

/** The editable fields whose value differs from the state: `before`/`after` of just those. */
function changedFields(state: OrganizationState, changes: UpdateOrganizationRequest) {
  const before: OrganizationFields = {};
  const after: OrganizationFields = {};
  const { name, address, contactEmail, contactPhone, settings } = changes;
  if (name !== undefined && name !== state.name) [before.name, after.name] = [state.name, name];
  if (address !== undefined && address !== state.address)
    [before.address, after.address] = [state.address, address];
  if (contactEmail !== undefined && contactEmail !== state.contactEmail)
    [before.contactEmail, after.contactEmail] = [state.contactEmail, contactEmail];
  if (contactPhone !== undefined && contactPhone !== state.contactPhone)
    [before.contactPhone, after.contactPhone] = [state.contactPhone, contactPhone];
  if (settings !== undefined && !sameJson(settings, state.settings))
    [before.settings, after.settings] = [state.settings, settings];
  return Object.keys(after).length ? { before, after } : null;
}

export const organizationDecider: Decider<OrganizationState | null, OrganizationCommand> = {
  ...organizationEvolver,
  decide(command, state): NewEvent[] {
    switch (command.type) {
      case 'create': {
        if (state) throw new ConflictError(ORGANIZATION_MESSAGES.organizationExists);
        const payload: OrganizationCreatedV1 = {
          organizationId: command.organizationId,
          applicationId: command.applicationId,
          ...command.fields,
          isActive: true,
          settings: {},
          createdAt: command.now.toISOString(),
        };
        return [{ type: ORGANIZATION_EVENTS.created, schemaVersion: 1, payload }];
      }
      case 'update': {
        if (!state) throw new NotFoundError(ORGANIZATION_MESSAGES.organizationNotFound);
        const events: NewEvent[] = [];
        const changed = changedFields(state, command.changes);
        if (changed) {
          const payload: OrganizationUpdatedV1 = { organizationId: state.id, ...changed };
          events.push({ type: ORGANIZATION_EVENTS.updated, schemaVersion: 1, payload });
        }
        const at = command.now.toISOString();
        if (state.isActive && !command.changes.isActive) {
          const payload: OrganizationDeactivatedV1 = {
            organizationId: state.id,
            deactivatedBy: command.actorId,
            deactivatedAt: at,
          };
          events.push({ type: ORGANIZATION_EVENTS.deactivated, schemaVersion: 1, payload });
        } else if (!state.isActive && command.changes.isActive) {
          const payload: OrganizationReactivatedV1 = {
            organizationId: state.id,
            reactivatedBy: command.actorId,
            reactivatedAt: at,
          };
          events.push({ type: ORGANIZATION_EVENTS.reactivated, schemaVersion: 1, payload });
        }
        return events;
      }
      case 'set-venue-profile': {
        if (!state) throw new NotFoundError(ORGANIZATION_MESSAGES.organizationNotFound);
        if (command.slugTaken) throw new ConflictError(VENUE_MESSAGES.slugTaken);
        const { profile } = command;
        const payload: VenueProfileSetV1 = {
          organizationId: state.id,
          slug: profile.slug,
          workingHours: profile.workingHours,
          // Without working hours there is nothing to pause the clock by.
          pausesDeadlineOutsideHours: Boolean(profile.workingHours && profile.pausesDeadlineOutsideHours),
          pickupInstructions: profile.pickupInstructions ?? null,
          setBy: command.actorId,
          setAt: command.now.toISOString(),
        };
        return [{ type: ORGANIZATION_EVENTS.venueProfileSet, schemaVersion: 1, payload }];
      }
      case 'remove-member': {
        if (!state) throw new NotFoundError(ORGANIZATION_MESSAGES.organizationNotFound);
        const { member } = command;
        if (!member) throw new NotFoundError(ORGANIZATION_MESSAGES.memberNotFound);
        if (member.userId === command.actorId) throw new ConflictError(ORGANIZATION_MESSAGES.removeSelf);
        const payload: MemberRemovedV1 = {
          organizationId: state.id,
          userId: member.userId,
          role: member.role,
          removedBy: command.actorId,
          removedAt: command.now.toISOString(),
        };
        return [{ type: ORGANIZATION_EVENTS.memberRemoved, schemaVersion: 1, payload }];
      }
    }
  },
};
