import { useId, useRef } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { ErrorText, Label } from '../../../components/ui/field';
import { Badge } from '../../../components/ui/badge';
import { ChevronLeftIcon, ChevronRightIcon, ImageIcon } from '../../../components/ui/icons';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useToast } from '../../../components/ui/toast';
import { color, font, radius, space } from '../../../components/ui/theme';
import { ACCEPTED_IMAGE_TYPES, usePhotoList } from '../hooks/use-photo-upload';
import { useT } from '../../../lib/i18n';

const Drop = styled.label`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${space(2)};
  padding: ${space(6)} ${space(4)};
  border: 2px dashed ${color.borderStrong};
  border-radius: ${radius.lg};
  background: ${color.surface};
  color: ${color.muted};
  text-align: center;
  cursor: pointer;
  &:hover {
    border-color: ${color.primary};
    background: #eff6ff;
  }
  &:focus-within {
    outline: 3px solid ${color.focus};
    outline-offset: 2px;
  }
  strong {
    color: ${color.primary};
  }
  small {
    font-size: ${font.size.xs};
  }
`;

const Photos = styled.ol`
  display: grid;
  gap: ${space(3)};
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-direction: column;
    gap: ${space(1.5)};
    padding: ${space(2)};
    border: 1px solid ${color.border};
    border-radius: ${radius.lg};
    background: ${color.surface};
  }
  img {
    width: 100%;
    aspect-ratio: 1;
    height: auto;
    object-fit: cover;
    border-radius: ${radius.md};
    background: ${color.subtle};
  }
`;

const Tools = styled.div`
  display: flex;
  gap: ${space(1)};
  justify-content: space-between;
  align-items: center;
  flex-wrap: wrap;
`;

const FileName = styled.p`
  font-size: ${font.size.xs};
  font-weight: ${font.weight.semibold};
  overflow-wrap: anywhere;
  margin: 0;
`;

export interface PhotoUploadProps {
  /** The photos already kept (an edited announcement's, a restored draft's): '/objects/<id>' paths. */
  value?: readonly string[];
  /** Every stored photo's '/objects/<id>' path, in order (the first is the cover). */
  onChange: (objectPaths: string[]) => void;
  onBusyChange?: (busy: boolean) => void;
  /** The caller's success behaviour (a toast) once a photo is stored; failures are toasted here. */
  onUploaded?: (objectPath: string) => void;
  error?: string;
  /**
   * A phone's camera opens first (`capture="environment"`) and any image type may be chosen: the
   * venue's intake photographs the item where it lies. A type the server does not take is refused here.
   */
  camera?: boolean;
}

/**
 * Up to 5 optional photos, each up to 10 MB (issue 22): uploaded as soon as they are chosen,
 * moved with buttons (the first is the cover) and removable before submit.
 */
export function PhotoUpload({ value, onChange, onBusyChange, onUploaded, error, camera }: PhotoUploadProps) {
  const t = useT();
  const { toast } = useToast();
  const inputId = useId();
  const list = useRef<HTMLOListElement>(null);
  const { items, add, move, remove, full } = usePhotoList(value, {
    onChange,
    onBusyChange,
    onUploaded,
    onError: (message) => toast({ title: t('Xəta'), description: t(message), variant: 'destructive' }),
  });
  const total = items.length;

  /** Moves a photo and keeps the focus on the same button of the same photo, where it went. */
  const moveAndFocus = (key: string, by: -1 | 1) => {
    move(key, by);
    requestAnimationFrame(() => {
      const button = list.current?.querySelector<HTMLButtonElement>(
        `[data-photo="${key}"][data-move="${by}"]`,
      );
      (button && !button.disabled
        ? button
        : list.current?.querySelector<HTMLButtonElement>(`[data-photo="${key}"]`)
      )?.focus();
    });
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: space(1.5) }}>
      <Label as="span" id={`${inputId}-title`}>
        {t('Şəkil (istəyə bağlı)')}
      </Label>
      {total > 0 && (
        <Photos ref={list} aria-labelledby={`${inputId}-title`}>
          {items.map((item, i) => {
            const place = { n: i + 1, total };
            return (
              <li key={item.key}>
                <img
                  src={item.previewUrl}
                  alt={
                    item.fileName
                      ? t('Seçilmiş şəkil: {name}', { name: item.fileName })
                      : t('Şəkil {n}/{total}', place)
                  }
                />
                {i === 0 && <Badge $tone="primary">{t('Üz qabığı')}</Badge>}
                {item.fileName && <FileName>{item.fileName}</FileName>}
                {item.status === 'uploading' && (
                  <ProgressBar value={item.progress} label={t('Şəkil yüklənir')} />
                )}
                <Tools>
                  <span style={{ display: 'flex', gap: space(1) }}>
                    <Button
                      variant="outline"
                      size="sm"
                      data-photo={item.key}
                      data-move="-1"
                      disabled={i === 0}
                      aria-label={t('Şəkli bir yer əvvələ köçür ({n}/{total})', place)}
                      onClick={() => moveAndFocus(item.key, -1)}
                    >
                      <ChevronLeftIcon />
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      data-photo={item.key}
                      data-move="1"
                      disabled={i === total - 1}
                      aria-label={t('Şəkli bir yer sonraya köçür ({n}/{total})', place)}
                      onClick={() => moveAndFocus(item.key, 1)}
                    >
                      <ChevronRightIcon />
                    </Button>
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('Şəkli sil ({n}/{total})', place)}
                    onClick={() => remove(item.key)}
                  >
                    {t('Sil')}
                  </Button>
                </Tools>
              </li>
            );
          })}
        </Photos>
      )}
      {!full && (
        <Drop htmlFor={inputId}>
          <ImageIcon size={32} />
          <span>
            <strong>{t('Şəkil seçin')}</strong> {t('və ya buraya klikləyin')}
          </span>
          <small>
            {t('JPEG, PNG, WebP və ya GIF — hər biri ən çox 10 MB, ən çox 5 fayl; birincisi üz qabığıdır')}
          </small>
          <input
            id={inputId}
            className="visually-hidden"
            type="file"
            multiple
            accept={camera ? 'image/*' : ACCEPTED_IMAGE_TYPES.join(',')}
            capture={camera ? 'environment' : undefined}
            aria-describedby={`${inputId}-title`}
            onChange={(event) => {
              add([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
        </Drop>
      )}
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </div>
  );
}
