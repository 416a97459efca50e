import { NOTIFICATION_BRAND } from '@tapinti/contracts/notifications-api';

/** The e-mail of one notification: plain text and a simple HTML part with the same content. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export interface EmailInput {
  title: string;
  message: string;
  /** Absolute (`PUBLIC_URL` + path), or null. */
  url: string | null;
  /**
   * This recipient's and type's unsubscribe links: the web page the e-mail's text links to, and the
   * API URL of the List-Unsubscribe header (one click, RFC 8058); null for security e-mails (always sent).
   */
  unsubscribe: { pageUrl: string; oneClickUrl: string } | null;
  /** The type's name in the preferences. */
  typeLabel: string;
}

const SLOGAN = 'İtirdiyini tap, tapdığını qaytar';
/** Security e-mails (verification, password reset) cannot be turned off, so they offer no unsubscribe. */
const SECURITY_FOOTER =
  'Bu məktub hesabınızın təhlükəsizliyi üçün göndərilib. Siz istəməmisinizsə, ona əhəmiyyət verməyin.';

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Paragraphs from blank lines, line breaks within them. */
function htmlParagraphs(message: string): string {
  return message
    .split(/\n{2,}/)
    .map((paragraph) => `<p style="margin:0 0 12px">${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

export function renderEmail(input: EmailInput): RenderedEmail {
  const { name, supportEmail, supportPhone } = NOTIFICATION_BRAND;
  const text = [
    input.title,
    '',
    input.message,
    ...(input.url ? ['', `Keçid: ${input.url}`] : []),
    '',
    '—',
    `${name} — ${SLOGAN}`,
    `Sualınız varsa: ${supportEmail}, ${supportPhone}`,
    input.unsubscribe
      ? `Bu məktubu «${input.typeLabel}» bildirişləri üçün alırsınız. Bu növ məktublardan çıxmaq: ${input.unsubscribe.pageUrl}`
      : SECURITY_FOOTER,
    '',
  ].join('\n');

  const button = input.url
    ? `<p style="margin:20px 0"><a href="${escapeHtml(input.url)}" style="background:#2563eb;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(name)}da bax</a></p>
<p style="margin:0 0 12px;font-size:12px;color:#64748b">Düymə işləmirsə, bu ünvanı brauzerdə açın: ${escapeHtml(input.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="az">
<head><meta charset="utf-8"><title>${escapeHtml(input.title)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="background:#1e3a8a;color:#ffffff;padding:16px 24px;border-radius:8px 8px 0 0">
<strong style="font-size:20px">${escapeHtml(name)}</strong><br><span style="font-size:12px">${escapeHtml(SLOGAN)}</span>
</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(input.title)}</h1>
${htmlParagraphs(input.message)}
${button}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e2e8f0;font-size:12px;color:#64748b">
Sualınız varsa: <a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a>, ${escapeHtml(supportPhone)}<br>
${
  input.unsubscribe
    ? `Bu məktubu «${escapeHtml(input.typeLabel)}» bildirişləri üçün alırsınız. <a href="${escapeHtml(input.unsubscribe.pageUrl)}">Bu növ məktublardan çıxın</a>.`
    : escapeHtml(SECURITY_FOOTER)
}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return {
    subject: input.title,
    text,
    html,
    // RFC 2369 + RFC 8058: mail providers show an unsubscribe button and POST to it in one click.
    headers: input.unsubscribe
      ? {
          'List-Unsubscribe': `<${input.unsubscribe.oneClickUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : {},
  };
}
