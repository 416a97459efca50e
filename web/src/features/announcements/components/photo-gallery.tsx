import { useRef, useState } from 'react';
import styled from 'styled-components';
import { PHOTO_GALLERY_SIZES, photoSrcSet } from '@tapinti/contracts/photo-variants';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { color, font, radius, space } from '../../../components/ui/theme';
import { useT } from '../../../lib/i18n';

const Frame = styled.section`
  position: relative;
`;

// A fixed 4:3 box per photo (fitted inside it), so nothing below moves when they load (CLS 0).
// Swiping is the browser's own scrolling, snapped to one photo at a time.
const Track = styled.ul<{ $maxHeight: number }>`
  display: flex;
  overflow-x: auto;
  scroll-snap-type: x mandatory;
  scrollbar-width: none;
  overscroll-behavior-x: contain;
  margin: 0;
  padding: 0;
  list-style: none;
  border-radius: ${radius.md};
  background: ${color.subtle};
  &::-webkit-scrollbar {
    display: none;
  }
  li {
    flex: 0 0 100%;
    scroll-snap-align: center;
  }
  img {
    display: block;
    width: 100%;
    aspect-ratio: 4 / 3;
    height: auto;
    max-height: ${(p) => p.$maxHeight}px;
    object-fit: contain;
  }
`;

const Arrow = styled.button<{ $side: 'left' | 'right' }>`
  position: absolute;
  top: 50%;
  ${(p) => p.$side}: ${space(2)};
  transform: translateY(-50%);
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 999px;
  background: rgba(15, 23, 42, 0.65);
  color: #fff;
  cursor: pointer;
  &:disabled {
    opacity: 0.35;
    cursor: default;
  }
  &:focus-visible {
    outline: 3px solid ${color.focus};
    outline-offset: 2px;
  }
`;

const Counter = styled.p`
  position: absolute;
  right: ${space(2)};
  bottom: ${space(2)};
  margin: 0;
  padding: 2px ${space(2)};
  border-radius: 999px;
  background: rgba(15, 23, 42, 0.65);
  color: #fff;
  font-size: ${font.size.xs};
`;

/**
 * One photo at the size the screen needs (the screen-sized copy on a phone, not the 2048 px
 * original). The cover is the announcement page's largest paint: asked for at once and at high
 * priority (the server's HTML preloads the same candidate); the others when swiped near.
 */
function Photo({ src, alt, first }: { src: string; alt: string; first: boolean }) {
  return (
    <img
      src={src}
      srcSet={photoSrcSet(src)}
      sizes={PHOTO_GALLERY_SIZES}
      alt={alt}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
    />
  );
}

export interface PhotoGalleryProps {
  /** '/objects/<id>' paths, the cover first. */
  photos: readonly string[];
  /** What the photos show (the announcement's title), for their alternative texts. */
  title: string;
  maxHeight: number;
}

/**
 * An announcement's photos (issue 22): one at a time in a fixed 4:3 box, swiped on touch screens
 * and scrolled with the arrows (or the keyboard) elsewhere. A single photo is just the photo.
 */
export function PhotoGallery({ photos, title, maxHeight }: PhotoGalleryProps) {
  const t = useT();
  const track = useRef<HTMLUListElement>(null);
  const [shown, setShown] = useState(0);
  const total = photos.length;

  const go = (index: number) => {
    const el = track.current;
    if (!el) return;
    el.scrollTo({ left: index * el.clientWidth, behavior: 'smooth' });
    setShown(index);
  };

  if (total === 1)
    return (
      <Track $maxHeight={maxHeight} as="div">
        <Photo src={photos[0]!} alt={title} first />
      </Track>
    );

  return (
    <Frame aria-roledescription={t('qalereya')} aria-label={t('Şəkillər: {title}', { title })}>
      <Track
        ref={track}
        $maxHeight={maxHeight}
        tabIndex={0}
        aria-label={t('Şəkillər: {title}', { title })}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.clientWidth) setShown(Math.round(el.scrollLeft / el.clientWidth));
        }}
      >
        {photos.map((src, i) => (
          <li
            key={src}
            aria-roledescription={t('şəkil')}
            aria-label={t('Şəkil {n}/{total}', { n: i + 1, total })}
          >
            <Photo
              src={src}
              alt={i === 0 ? title : t('{title} — şəkil {n}/{total}', { title, n: i + 1, total })}
              first={i === 0}
            />
          </li>
        ))}
      </Track>
      <Arrow
        type="button"
        $side="left"
        aria-label={t('Əvvəlki şəkil')}
        disabled={shown === 0}
        onClick={() => go(shown - 1)}
      >
        <ChevronLeftIcon />
      </Arrow>
      <Arrow
        type="button"
        $side="right"
        aria-label={t('Növbəti şəkil')}
        disabled={shown >= total - 1}
        onClick={() => go(shown + 1)}
      >
        <ChevronRightIcon />
      </Arrow>
      <Counter aria-live="polite">{t('Şəkil {n}/{total}', { n: shown + 1, total })}</Counter>
    </Frame>
  );
}
