import { formatDateTime } from '@tapinti/contracts/baku-calendar';

export interface InvitationMailInput {
  organizationName: string;
  /** `<PUBLIC_URL>/accept-invitation?token=<token>`: only this e-mail ever carries the token. */
  link: string;
  expiresAt: Date;
  /** What the invitation makes its acceptor (issue 25): `org_staff` or, by default, `org_admin`. */
  role?: string;
}

/** «… təşkilatının admini» or, for staff, «… əməkdaşı». */
export const invitedAs = (role: string | undefined) => (role === 'org_staff' ? 'əməkdaşı' : 'admini');

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export interface InvitationMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The invitation e-mail (admin or staff), in Azerbaijani: plain text and a simple HTML version. Its own
 * wording (not `renderEmail`'s), as the organizations service sent it before notifications took
 * over every e-mail.
 */
export function invitationMail(input: InvitationMailInput): InvitationMail {
  const until = formatDateTime(input.expiresAt);
  const as = invitedAs(input.role);
  const subject = `Tapıntı: «${input.organizationName}» təşkilatının ${as} olmağa dəvət`;
  const text = [
    'Salam!',
    '',
    `Sizi Tapıntı platformasında «${input.organizationName}» təşkilatının ${as} olmağa dəvət edirik.`,
    'Dəvəti qəbul etmək üçün aşağıdakı keçidə daxil olun:',
    '',
    input.link,
    '',
    `Keçid ${until} (Bakı vaxtı) tarixinədək etibarlıdır.`,
    'Bu dəvəti gözləmirdinizsə, məktubu nəzərə almayın.',
    '',
    'Hörmətlə,',
    'Tapıntı komandası',
  ].join('\n');
  const name = escapeHtml(input.organizationName);
  const href = escapeHtml(input.link);
  const html = [
    '<!doctype html>',
    '<html lang="az"><body style="font-family: Arial, sans-serif; line-height: 1.5;">',
    '<p>Salam!</p>',
    `<p>Sizi Tapıntı platformasında «${name}» təşkilatının ${as} olmağa dəvət edirik.</p>`,
    `<p><a href="${href}">Dəvəti qəbul et</a></p>`,
    `<p>Düymə işləməsə, bu keçidi brauzerdə açın:<br>${href}</p>`,
    `<p>Keçid ${until} (Bakı vaxtı) tarixinədək etibarlıdır. Bu dəvəti gözləmirdinizsə, məktubu nəzərə almayın.</p>`,
    '<p>Hörmətlə,<br>Tapıntı komandası</p>',
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
