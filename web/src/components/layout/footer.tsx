import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { MailIcon, PhoneIcon, PinIcon } from '../ui/icons';
import { Container } from '../ui/layout';
import { color, font, media, space } from '../ui/theme';
import { msg, useT } from '../../lib/i18n';

export const SUPPORT_EMAIL = 'destek@tapinti.az';
export const SUPPORT_PHONE = '+994 12 555 00 00';

const Bar = styled.footer`
  margin-top: auto;
  background: ${color.inverse};
  color: #cbd5e1;
  padding: ${space(12)} 0 ${space(6)};
  a {
    color: #e2e8f0;
    text-decoration: none;
  }
  a:hover {
    color: #fff;
    text-decoration: underline;
  }
`;

const Columns = styled.div`
  display: grid;
  gap: ${space(8)};
  grid-template-columns: minmax(0, 1fr);
  ${media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: 1.4fr 1fr 1fr 1.2fr;
  }
`;

const Heading = styled.h2`
  font-size: ${font.size.md};
  color: #fff;
  margin-bottom: ${space(3)};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
  font-size: ${font.size.sm};
  li {
    display: flex;
    align-items: center;
    gap: ${space(2)};
    overflow-wrap: anywhere;
  }
`;

const Bottom = styled.div`
  margin-top: ${space(10)};
  padding-top: ${space(5)};
  border-top: 1px solid #334155;
  font-size: ${font.size.sm};
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)} ${space(6)};
  justify-content: space-between;
`;

const SUPPORT_LINKS = [
  { to: '/help-center', label: msg('Yardım mərkəzi') },
  { to: '/complaints', label: msg('Şikayətlər') },
  { to: '/support', label: msg('Dəstək və tez-tez verilən suallar') },
  { to: '/apply-organization', label: msg('Təşkilat kimi qoşulun') },
];

const LEGAL_LINKS = [
  { to: '/terms', label: msg('İstifadə şərtləri') },
  { to: '/privacy', label: msg('Məxfilik siyasəti') },
  { to: '/about', label: msg('Haqqımızda') },
];

function LinkColumn({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: { to: string; label: string }[];
}) {
  const t = useT();
  return (
    <nav aria-labelledby={id}>
      <Heading id={id}>{title}</Heading>
      <List>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{t(link.label)}</Link>
          </li>
        ))}
      </List>
    </nav>
  );
}

export function Footer() {
  const t = useT();
  return (
    <Bar>
      <Container>
        <Columns>
          <div>
            <Heading as="p">{t('Tapıntı')}</Heading>
            <p style={{ fontSize: font.size.sm, maxWidth: 320 }}>
              {t('Ölkənin ən böyük itirilmiş və tapılmış əşyalar platforması. Xidmət pulsuzdur.')}
            </p>
          </div>
          <LinkColumn id="footer-support" title={t('Dəstək')} links={SUPPORT_LINKS} />
          <LinkColumn id="footer-legal" title={t('Hüquqi')} links={LEGAL_LINKS} />
          <div>
            <Heading id="footer-contact">{t('Əlaqə')}</Heading>
            <List aria-labelledby="footer-contact">
              <li>
                <MailIcon />
                <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
              </li>
              <li>
                <PhoneIcon />
                <a href={`tel:${SUPPORT_PHONE.replace(/\s/g, '')}`}>{SUPPORT_PHONE}</a>
              </li>
              <li>
                <PinIcon />
                <span>{t('Bakı, Azərbaycan')}</span>
              </li>
            </List>
          </div>
        </Columns>
        <Bottom>
          <span>{t('© 2025 Tapıntı. Bütün hüquqlar qorunur.')}</span>
          <span>{t('Bakı, Azərbaycan, 2025')}</span>
        </Bottom>
      </Container>
    </Bar>
  );
}
