import { Fragment } from 'react';
import styled from 'styled-components';
import { font, space } from '../../../components/ui/theme';

const Link = styled.a`
  display: inline-block;
  padding: ${space(1)} 0;
  color: inherit;
  font-weight: ${font.weight.semibold};
  text-decoration: underline;
  text-underline-offset: 3px;
  overflow-wrap: anywhere;
`;

// An e-mail address, or a phone number: digits with the usual separators, 7 digits at least.
const CONTACT = /[^\s@,;:<>()]+@[^\s@,;:<>()]+\.[^\s@,;:<>()]+|\+?\d[\d\s().-]{5,}\d/g;

/** The `href` a piece of contact text calls or mails, or null when it is neither. */
export function contactHref(text: string): string | null {
  if (text.includes('@')) return `mailto:${text}`;
  const digits = text.replace(/\D/g, '');
  if (digits.length < 7) return null;
  return `tel:${text.trim().startsWith('+') ? '+' : ''}${digits}`;
}

/**
 * An announcement's free-text contact info with every phone number as a `tel:` link and every
 * e-mail address as a `mailto:` link, so a phone calls or writes with one tap.
 */
export function ContactLink({ contact }: { contact: string }) {
  const parts: { text: string; href: string | null }[] = [];
  let last = 0;
  for (const match of contact.matchAll(CONTACT)) {
    const start = match.index;
    if (start > last) parts.push({ text: contact.slice(last, start), href: null });
    parts.push({ text: match[0], href: contactHref(match[0]) });
    last = start + match[0].length;
  }
  if (last < contact.length) parts.push({ text: contact.slice(last), href: null });
  return (
    <span>
      {parts.map((part, i) =>
        part.href ? (
          <Link key={i} href={part.href}>
            {part.text}
          </Link>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </span>
  );
}
