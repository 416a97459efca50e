import { NOTIFICATION_BRAND, NOTIFICATION_TYPE_LABELS } from '@tapinti/contracts/notifications-api';
import { NOTIFICATION_MESSAGES } from '@tapinti/contracts/notifications-api';
import type { Knex } from '@tapinti/platform/db';
import { escapeHtml } from '../domain/email';
import { verifyUnsubscribeToken } from '../domain/unsubscribe-token';
import { setEmailPreferences } from '../store/preferences';

export interface Page {
  status: number;
  html: string;
}

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

const invalid = (): Page => ({
  status: 400,
  html: page('Link yanlışdır', `<p>${escapeHtml(NOTIFICATION_MESSAGES.unsubscribeInvalid)}.</p>`),
});

/**
 * The one-click unsubscribe link. Opening it (GET) changes nothing — link scanners of mail
 * providers open links too — and shows one button; pressing it, or a mail provider's RFC 8058
 * `List-Unsubscribe-Post` request, turns that type's e-mails off for that recipient. In-app
 * notifications stay.
 */
export function createUnsubscribe(context: { knex: Knex; clock: () => Date; secret: string }) {
  return {
    confirmPage(token: string): Page {
      const claims = verifyUnsubscribeToken(context.secret, token);
      if (!claims) return invalid();
      const label = NOTIFICATION_TYPE_LABELS[claims.type];
      const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
      return {
        status: 200,
        html: page(
          'Abunəlikdən çıxmaq',
          `<p>«${escapeHtml(label)}» bildirişləri artıq e-poçtla göndərilməsin?</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Abunəlikdən çıx</button></form>`,
        ),
      };
    },

    async unsubscribe(token: string): Promise<Page> {
      const claims = verifyUnsubscribeToken(context.secret, token);
      if (!claims) return invalid();
      await setEmailPreferences(context.knex, claims.recipient, { [claims.type]: false }, context.clock());
      const label = NOTIFICATION_TYPE_LABELS[claims.type];
      return {
        status: 200,
        html: page(
          'Abunəlikdən çıxdınız',
          `<p>«${escapeHtml(label)}» bildirişləri artıq e-poçtla göndərilməyəcək. Tətbiqdaxili bildirişlər qalır.</p>
<p>Fikrinizi dəyişsəniz, hesabınızın bildiriş parametrlərindən bu növü yenidən aça bilərsiniz.</p>`,
        ),
      };
    },
  };
}
