import {
  NOTIFICATION_BRAND,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TYPE_LABELS,
} from '@tapinti/contracts/notifications-api';
import type { Knex } from '@tapinti/platform/db';
import { ValidationError } from '@tapinti/platform/errors';
import { escapeHtml } from '../domain/email';
import { verifyUnsubscribeToken } from '../domain/unsubscribe-token';
import { setEmailPreferences } from '../store/preferences';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="az">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} — ${NOTIFICATION_BRAND.name}</title></head>
<body>
<main>
<p><strong>${NOTIFICATION_BRAND.name}</strong></p>
<h1>${escapeHtml(title)}</h1>
${body}
<p><a href="/">Ana səhifəyə qayıt</a></p>
</main>
</body>
</html>
`;
}

/** A link this platform did not sign: 400 naming the token (the contract's refusal rule). */
function claimsOf(secret: string, token: string) {
  const claims = verifyUnsubscribeToken(secret, token);
  if (!claims) throw new ValidationError(NOTIFICATION_MESSAGES.unsubscribeInvalid, 'token');
  return claims;
}

/**
 * The one-click unsubscribe link. Opening it (GET) changes nothing — link scanners of mail
 * providers open links too — and shows one button; pressing it, or a mail provider's RFC 8058
 * `List-Unsubscribe-Post` request, turns that type's e-mails off for that recipient. In-app
 * notifications stay.
 */
export type Unsubscribe = ReturnType<typeof createUnsubscribe>;

export function createUnsubscribe(context: { knex: Knex; clock: () => Date; secret: string }) {
  return {
    /** The HTML page the link opens. */
    confirmPage(token: string): string {
      const claims = claimsOf(context.secret, token);
      const label = NOTIFICATION_TYPE_LABELS[claims.type];
      const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
      return page(
        'Abunəlikdən çıxmaq',
        `<p>«${escapeHtml(label)}» bildirişləri artıq e-poçtla göndərilməsin?</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Abunəlikdən çıx</button></form>`,
      );
    },

    /** Turns the type off; the HTML page that says so. */
    async unsubscribe(token: string): Promise<string> {
      const claims = claimsOf(context.secret, token);
      await setEmailPreferences(context.knex, claims.recipient, { [claims.type]: false }, context.clock());
      const label = NOTIFICATION_TYPE_LABELS[claims.type];
      return page(
        'Abunəlikdən çıxdınız',
        `<p>«${escapeHtml(label)}» bildirişləri artıq e-poçtla göndərilməyəcək. Tətbiqdaxili bildirişlər qalır.</p>
<p>Fikrinizi dəyişsəniz, hesabınızın bildiriş parametrlərindən bu növü yenidən aça bilərsiniz.</p>`,
      );
    },
  };
}
