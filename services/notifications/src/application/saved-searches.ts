import { randomUUID } from 'node:crypto';
import { PLACE_MESSAGES } from '@tapinti/contracts/announcements-api';
import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_CONFIRMATION_TTL_MS,
  SAVED_SEARCH_MESSAGES,
  type CreateSavedSearch,
  type SavedSearch,
  type UpdateSavedSearch,
} from '@tapinti/contracts/saved-searches-api';
import { PLACES } from '@tapinti/matching/gazetteer';
import type { Knex } from '@tapinti/platform/db';
import { ConflictError, NotFoundError, ValidationError } from '@tapinti/platform/errors';
import type { Caller } from '@tapinti/platform/session';
import { verifyToken } from '@tapinti/platform/signed-token';
import { describeSavedSearch, savedSearchConfirmation } from '../domain/saved-search-alerts';
import {
  ALERT_ADDRESSES_TABLE,
  countSavedSearches,
  lockAlertAddress,
  ownSavedSearch,
  SAVED_SEARCHES_TABLE,
  savedSearchesOf,
  toSavedSearch,
  type SavedSearchRow,
} from '../store/saved-searches';
import { addressRecipient, setEmailPreferences, userRecipient } from '../store/preferences';
import { notify } from './notify';

export interface SavedSearchesContext {
  knex: Knex;
  clock: () => Date;
  secret: string;
  /** Called once a transaction that wrote an e-mail row has committed (the dispatcher's nudge). */
  onEmailWritten: () => void;
}

/** The place's Azerbaijani name, for the e-mails. */
export const placeNameOf = (id: string | null): string | null =>
  id ? (PLACES.get(id)?.label ?? null) : null;

/**
 * Saving, listing, changing and deleting saved searches, and a visitor's double opt-in. A signed-in
 * caller's search is theirs at once (alerts in the app and to the account's address); a visitor's
 * waits for its address to be confirmed by the signed link of the one confirmation e-mail, which an
 * unconfirmed address gets once per link lifetime however often it is signed up (no mail bomb).
 * The address stays in this service's tables and the e-mail row; no event, audit row or log line.
 */
export function createSavedSearches(context: SavedSearchesContext) {
  const { knex, clock } = context;

  async function save(caller: Caller | null, body: CreateSavedSearch): Promise<SavedSearch> {
    if (body.place && !PLACES.has(body.place)) throw new ValidationError(PLACE_MESSAGES.unknown, 'place');
    if (!body.search && !body.category && !body.place && !body.rewards && !body.type)
      throw new ValidationError(SAVED_SEARCH_MESSAGES.empty, 'search');
    if (!caller && !body.email) throw new ValidationError(SAVED_SEARCH_MESSAGES.emailRequired, 'email');
    const now = clock();
    const owner = caller ? userRecipient(caller.userId) : addressRecipient(body.email!);
    let wroteEmail = false;
    const row = await knex.transaction(async (trx) => {
      const address = caller
        ? null
        : await lockAlertAddress(trx, {
            id: randomUUID(),
            address: owner.slice('email:'.length),
            createdAt: now,
          });
      if ((await countSavedSearches(trx, owner)) >= MAX_SAVED_SEARCHES)
        throw new ConflictError(SAVED_SEARCH_MESSAGES.tooMany);
      const saved: SavedSearchRow = {
        id: randomUUID(),
        owner,
        user_id: caller?.userId ?? null,
        search: body.search ?? null,
        category: body.category ?? null,
        place: body.place ?? null,
        rewards: body.rewards ?? false,
        type: body.type ?? null,
        frequency: body.frequency ?? 'hourly',
        confirmed_at: !address || address.confirmed_at ? now : null,
        last_emailed_at: null,
        created_at: now,
      };
      await trx(SAVED_SEARCHES_TABLE).insert(saved);
      const linkLive =
        address?.confirmation_sent_at &&
        now.getTime() - new Date(address.confirmation_sent_at).getTime() < SAVED_SEARCH_CONFIRMATION_TTL_MS;
      if (address && !address.confirmed_at && !linkLive) {
        const draft = savedSearchConfirmation({
          addressId: address.id,
          description: describeSavedSearch(saved, placeNameOf(saved.place)),
          expiresAt: new Date(now.getTime() + SAVED_SEARCH_CONFIRMATION_TTL_MS),
          at: now,
        });
        wroteEmail = (await notify(trx, draft, [{ userId: null, email: body.email! }], now)) > 0;
        await trx(ALERT_ADDRESSES_TABLE).where({ id: address.id }).update({ confirmation_sent_at: now });
      }
      return saved;
    });
    if (wroteEmail) context.onEmailWritten();
    return toSavedSearch(row);
  }

  async function own(caller: Caller, id: string): Promise<SavedSearchRow> {
    const row = await ownSavedSearch(knex, userRecipient(caller.userId), id);
    if (!row) throw new NotFoundError(SAVED_SEARCH_MESSAGES.notFound);
    return row;
  }

  return {
    save,
    async list(caller: Caller): Promise<{ items: SavedSearch[] }> {
      return { items: (await savedSearchesOf(knex, userRecipient(caller.userId))).map(toSavedSearch) };
    },
    async update(caller: Caller, id: string, body: UpdateSavedSearch): Promise<SavedSearch> {
      const row = await own(caller, id);
      await knex(SAVED_SEARCHES_TABLE).where({ id: row.id }).update({ frequency: body.frequency });
      return toSavedSearch({ ...row, frequency: body.frequency });
    },
    async remove(caller: Caller, id: string): Promise<void> {
      const row = await own(caller, id);
      await knex(SAVED_SEARCHES_TABLE).where({ id: row.id }).delete();
    },
    /**
     * The confirmation link: the address wants alerts, so its saved searches start and its alert
     * e-mails are on again (a confirmed new sign-up after an unsubscribe is a new consent).
     */
    async confirm(token: string): Promise<{ confirmed: number }> {
      const claims = verifyToken(context.secret, 'saved-search', token);
      const now = clock();
      if (!claims || claims.expiresAt <= now)
        throw new ValidationError(SAVED_SEARCH_MESSAGES.tokenInvalid, 'token');
      return knex.transaction(async (trx) => {
        const address = await trx(ALERT_ADDRESSES_TABLE).where({ id: claims.id }).forUpdate().first();
        if (!address) throw new ValidationError(SAVED_SEARCH_MESSAGES.tokenInvalid, 'token');
        const owner = addressRecipient(address.address);
        if (!address.confirmed_at)
          await trx(ALERT_ADDRESSES_TABLE).where({ id: address.id }).update({ confirmed_at: now });
        const confirmed = await trx(SAVED_SEARCHES_TABLE)
          .where({ owner })
          .whereNull('confirmed_at')
          .update({ confirmed_at: now });
        await setEmailPreferences(trx, owner, { 'saved-search-alert': true }, now);
        return { confirmed };
      });
    },
  };
}

export type SavedSearches = ReturnType<typeof createSavedSearches>;
