import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  AUTH_MESSAGES,
  emailSchema,
  passwordSchema,
  usernameSchema,
  type LoginRequest,
  type ProfileRequest,
  type RegisterRequest,
} from '@tapinti/contracts/auth-api';
import {
  loginStreamId,
  userStreamId,
  type LoginMethod,
  type UserRegisteredV1,
} from '@tapinti/contracts/auth-events';
import type { EventMetadata } from '@tapinti/contracts/event-envelope';
import { createCommandHandler } from '@tapinti/eventstore/command-handler';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { ConflictError, ForbiddenError, UnauthorizedError } from '@tapinti/platform/errors';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import {
  classifyIdentifier,
  foldUsername,
  identifierDigest,
  isNewUsername,
  keyedIdentifierDigest,
  refuseReservedUsername,
  refuseWeakPassword,
  unknownLoginStreamId,
} from '../domain/identity';
import { loginDecider, type LoginCommand } from '../domain/login';
import {
  clashMessage,
  decideLogin,
  registrationOf,
  seededSuperAdminOf,
  userDecider,
  type Clashes,
  type User,
} from '../domain/user';
import { createPasswordHasher, type PasswordHasher } from '../security/passwords';
import { createLoginThrottle, knownDevices } from '../store/login-throttle';
import { deviceNameOf } from './device-name';
import { createAccessWriter } from './user-access';
import {
  accountCreatedAt,
  clashOfUniqueViolation,
  findClashes,
  findUserById,
  findUserByIdentifier,
  readPasswordHash,
  writePasswordHash,
} from '../store/queries';

/** Metadata as the request gave it; the actor is set per use case. */
export type RequestMeta = EventMetadata;

const conflictOf = (clash: keyof Clashes) => {
  const found = clashMessage({
    username: clash === 'username',
    email: clash === 'email',
    phone: clash === 'phone',
  })!;
  return new ConflictError(found.message, found.field);
};

/** A unique index that refused a write (a concurrent registration won) becomes the same 409. */
function asConflict(err: unknown): unknown {
  const clash = clashOfUniqueViolation(err);
  return clash ? conflictOf(clash) : err;
}

export interface LoginResult {
  user: User;
  method: LoginMethod;
  /** The browser's device id (its cookie's, or a new one), now a known device of the account. */
  deviceId: string;
}

/** The auth use cases. Password hashing happens outside transactions (it takes tens of ms). */
export function createAccounts(
  context: EventSourcedContext,
  hasher: PasswordHasher = createPasswordHasher(),
) {
  const { es, knex, kv, clock, logger, config } = context;
  const throttle = createLoginThrottle(kv, clock);
  const devices = knownDevices(kv, config.DEVICE_COOKIE_TTL_SECONDS);
  const users = createCommandHandler(es, userDecider);
  const logins = createCommandHandler(es, loginDecider);
  /** A login, failed login or logout, on a stream of its own (nothing else ever writes it). */
  const recordLogin = (streamId: string, command: LoginCommand, metadata: EventMetadata) =>
    logins.handle(streamId, (state) => loginDecider.decide(command, state), metadata);
  const access = createAccessWriter(context);

  /** A new e-mail verification link's id and expiry (issue 15: EMAIL_VERIFICATION_TTL_MS). */
  const newEmailVerification = () => ({
    id: randomUUID(),
    expiresAt: new Date(clock().getTime() + config.EMAIL_VERIFICATION_TTL_MS).toISOString(),
  });

  /** `verify`: a public registration also asks for its e-mail's verification, in the same append. */
  async function createUser(
    payload: UserRegisteredV1,
    passwordHash: string,
    metadata: EventMetadata,
    verify = false,
  ): Promise<void> {
    try {
      await users.handle(
        userStreamId(payload.userId),
        async (state, { trx }) => {
          const events = userDecider.decide(
            {
              type: 'register',
              registration: payload,
              clashes: await findClashes(trx, payload),
              ...(verify ? { emailVerification: newEmailVerification() } : {}),
            },
            state,
          );
          // Secrets are not events: the hash goes to auth.credentials, in this same transaction.
          await writePasswordHash(trx, payload.userId, passwordHash);
          return events;
        },
        metadata,
      );
    } catch (err) {
      throw asConflict(err);
    }
  }

  return {
    /** When the account was created (its session tokens carry it: the gateway's new-account limits). */
    createdAt: (userId: string) => accountCreatedAt(knex, userId),
    /** Public registration: always a `user`. */
    async register(input: RegisterRequest, meta: RequestMeta): Promise<User> {
      refuseReservedUsername(input.username);
      await refuseWeakPassword(input.password, input);
      // 503 at once when password hashing is at its bound (no queue of tens of seconds).
      const passwordHash = await hasher.admit(() => hasher.hash(input.password));
      const userId = randomUUID();
      const payload = registrationOf(userId, input);
      await createUser(payload, passwordHash, { ...meta, actorId: userId, organizationId: null }, true);
      const user = await findUserById(knex, userId);
      if (!user) throw new Error('registered user not found in the read model');
      return user;
    },

    /**
     * One answer for an unknown identifier and a wrong password (with the same argon2 work).
     * Admitted only while password hashing has room (else 503 at once); the attempt is reserved
     * with the throttle BEFORE the password is checked, so concurrent guesses cannot overtake it.
     * `deviceId`: the request's valid device cookie, if any; a known device of the account is
     * throttled apart from the rest of its address and not told about as a new device.
     */
    login(input: LoginRequest, meta: RequestMeta, deviceId: string | null = null): Promise<LoginResult> {
      return hasher.admit(async () => {
        const identifier = classifyIdentifier(input.username);
        const user = await findUserByIdentifier(knex, identifier);
        const knownDevice = user ? await devices.isKnown(user.id, deviceId) : false;
        // Counted per account (whichever identifier names it), or per identifier when none does.
        const subject = user ? `user:${user.id}` : `identifier:${identifierDigest(identifier)}`;
        const attempt = await throttle.reserve(
          subject,
          meta.addressKey,
          user?.id ?? null,
          knownDevice ? deviceId : null,
        );

        const hash = user ? await readPasswordHash(knex, user.id) : null;
        const matches = hash
          ? await hasher.verify(hash, input.password)
          : await hasher.verifyDummy(input.password);
        const decision = decideLogin(user, matches);

        if (decision.outcome === 'failure') {
          await attempt.failed();
          const digest = keyedIdentifierDigest(config.JWT_SECRET, identifier);
          await recordLogin(
            user ? loginStreamId(user.id, randomUUID()) : unknownLoginStreamId(digest, randomUUID()),
            {
              type: 'fail',
              userId: user?.id ?? null,
              typed: input.username,
              identifierDigest: digest,
              method: identifier.method,
              reason: decision.reason,
            },
            { ...meta, actorId: null, organizationId: null },
          );
          if (decision.reason === 'inactive') {
            // Sessions it may still have end with their next request.
            await access.write(user!);
            throw new ForbiddenError(AUTH_MESSAGES.inactive);
          }
          throw new UnauthorizedError(AUTH_MESSAGES.wrongCredentials);
        }

        const account = user!;
        await attempt.succeeded();
        const device = deviceId ?? randomUUID();
        await devices.remember(account.id, device);
        if (hash && hasher.needsRehash(hash)) {
          try {
            await writePasswordHash(knex, account.id, await hasher.hash(input.password));
          } catch (err) {
            logger.warn({ err, userId: account.id }, 'password rehash failed');
          }
        }
        await recordLogin(
          loginStreamId(account.id, randomUUID()),
          {
            type: 'succeed',
            userId: account.id,
            method: identifier.method,
            newDevice: !knownDevice,
            device: deviceNameOf(meta.userAgent),
          },
          { ...meta, actorId: account.id, organizationId: account.organizationId },
        );
        return { user: account, method: identifier.method, deviceId: device };
      });
    },

    /** A browser that just created an account on it (registration, an invitation) knows it. */
    async rememberDevice(userId: string, deviceId: string | null): Promise<string> {
      const device = deviceId ?? randomUUID();
      await devices.remember(userId, device);
      return device;
    },

    async recordLogout(userId: string, meta: RequestMeta): Promise<void> {
      await recordLogin(loginStreamId(userId, randomUUID()), { type: 'log-out', userId }, meta);
    },

    /** The user behind a session, or null when it no longer exists or was deactivated. */
    async currentUser(userId: string): Promise<User | null> {
      const user = await findUserById(knex, userId);
      return user && user.isActive ? user : null;
    },

    /** Changes username, e-mail and phone, keeping them unique (the user's stream decides). */
    async updateProfile(userId: string, input: ProfileRequest, meta: RequestMeta): Promise<User> {
      try {
        const { state } = await users.handle(
          userStreamId(userId),
          async (state, { trx }) => {
            if (state && isNewUsername(state.username, input.username))
              refuseReservedUsername(input.username);
            return userDecider.decide(
              {
                type: 'update-profile',
                input,
                emailVerification: newEmailVerification(),
                clashes: await findClashes(
                  trx,
                  { username: input.username, email: input.email, phone: input.phone ?? null },
                  userId,
                ),
              },
              state,
            );
          },
          meta,
        );
        return state!;
      } catch (err) {
        throw asConflict(err);
      }
    },

    /**
     * Start-up seeding of the configured super admin; idempotent and safe when several
     * processes start at once (unique indexes decide; the loser keeps the winner's account).
     * - No account with that username or e-mail: it is created with the configured password.
     * - The account with both that username and that e-mail: made super_admin if it is not.
     *   Its password is NOT reset: a password changed since the first start stays.
     * - An account that is already super_admin and matches either: left alone.
     * - The username or e-mail held by someone else: nobody is promoted (logged as an error).
     */
    async seedSuperAdmin(settings: { username: string; email: string; password: string }): Promise<void> {
      const setting = <T>(
        name: string,
        result: { success: true; data: T } | { success: false; error: z.ZodError },
      ) => {
        // The value itself is never put in the message (it may be the password).
        if (!result.success) throw new Error(`${name}: ${result.error.issues[0]?.message ?? 'invalid'}`);
        return result.data;
      };
      const username = setting('SUPER_ADMIN_USERNAME', usernameSchema.safeParse(settings.username));
      const email = setting('SUPER_ADMIN_EMAIL', emailSchema.safeParse(settings.email));
      const password = { data: setting('SUPER_ADMIN_PASSWORD', passwordSchema.safeParse(settings.password)) };

      const byName = await findUserByIdentifier(knex, { method: 'username', key: foldUsername(username) });
      const byEmail = await findUserByIdentifier(knex, { method: 'email', key: email });
      if (!byName && !byEmail) {
        const userId = randomUUID();
        try {
          await createUser(
            seededSuperAdminOf(userId, { username, email }),
            await hasher.hash(password.data),
            systemMetadata(),
          );
          logger.info({ userId }, 'super admin created');
        } catch (err) {
          // Another process starting at the same time created it first: theirs stands.
          if (!(err instanceof ConflictError)) throw err;
          logger.info('super admin created by another process');
        }
        return;
      }
      const existing = byName ?? byEmail!;
      if (existing.role === 'super_admin') return;
      if (!byName || !byEmail || byName.id !== byEmail.id) {
        logger.error(
          { usernameTaken: Boolean(byName), emailTaken: Boolean(byEmail) },
          'SUPER_ADMIN_USERNAME / SUPER_ADMIN_EMAIL belong to other accounts; no super admin was seeded',
        );
        return;
      }
      const { events } = await users.handle(
        userStreamId(existing.id),
        (state) => userDecider.decide({ type: 'promote-to-super-admin' }, state),
        systemMetadata(),
      );
      if (events.length) {
        // Its live sessions act as super admin from their next request.
        const promoted = await findUserById(knex, existing.id);
        if (promoted) await access.write(promoted);
        logger.info({ userId: existing.id }, 'existing account promoted to super admin');
      }
    },
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
