import { useState } from 'react';
import styled from 'styled-components';
import { Button, buttonStyles, type ButtonSize, type ButtonVariant } from '../../../components/ui/button';
import { space } from '../../../components/ui/theme';
import { useT } from '../../../lib/i18n';

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
`;

const ShareLink = styled.a<{ $variant: ButtonVariant; $size: ButtonSize }>`
  ${buttonStyles}
`;

/** An announcement's own page, as a link to share (absolute, on this site's address). */
export const announcementPageUrl = (id: string) => `${window.location.origin}/elan/${id}`;

export interface ShareButtonsProps {
  id: string;
  title: string;
}

/**
 * Sharing an announcement's page: the device's share sheet where the browser has one (Web Share
 * API), copying the link, WhatsApp and Telegram.
 */
export function ShareButtons({ id, title }: ShareButtonsProps) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const url = announcementPageUrl(id);
  const text = `${title} — Tapıntı`;
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async () => {
    await navigator.clipboard.writeText(url);
    setCopied(true);
  };

  return (
    <Buttons role="group" aria-label={t('Elanı paylaş')}>
      {canShare && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void navigator.share({ title: text, url }).catch(() => undefined)}
        >
          {t('Paylaş')}
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={() => void copy().catch(() => setCopied(false))}>
        {copied ? t('Link kopyalandı') : t('Linki kopyala')}
      </Button>
      <ShareLink
        $variant="outline"
        $size="sm"
        href={`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        WhatsApp
      </ShareLink>
      <ShareLink
        $variant="outline"
        $size="sm"
        href={`https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('Telegram')}
      </ShareLink>
    </Buttons>
  );
}
