import { useId, useRef } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { ErrorText, Label } from '../../../components/ui/field';
import { ImageIcon } from '../../../components/ui/icons';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useToast } from '../../../components/ui/toast';
import { color, font, radius, space } from '../../../components/ui/theme';
import { ACCEPTED_IMAGE_TYPES, usePhotoUpload } from '../hooks/use-photo-upload';
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

const Preview = styled.div`
  display: grid;
  gap: ${space(3)};
  grid-template-columns: 96px minmax(0, 1fr);
  align-items: center;
  padding: ${space(3)};
  border: 1px solid ${color.border};
  border-radius: ${radius.lg};
  background: ${color.surface};
  img {
    width: 96px;
    height: 96px;
    object-fit: cover;
    border-radius: ${radius.md};
    background: ${color.subtle};
  }
`;

const FileName = styled.p`
  font-size: ${font.size.sm};
  font-weight: ${font.weight.semibold};
  overflow-wrap: anywhere;
  margin-bottom: ${space(2)};
`;

export interface PhotoUploadProps {
  /** The normalised '/objects/<id>' path, or undefined once removed. */
  onChange: (objectPath: string | undefined) => void;
  onBusyChange?: (busy: boolean) => void;
  /** The caller's success behaviour (a toast) once a photo is stored; failures are toasted here. */
  onUploaded?: (objectPath: string) => void;
  error?: string;
}

/** One optional photo, up to 10 MB: uploaded as soon as it is chosen, removable before submit. */
export function PhotoUpload({ onChange, onBusyChange, onUploaded, error }: PhotoUploadProps) {
  const t = useT();
  const { toast } = useToast();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { state, select, remove } = usePhotoUpload({
    onUploaded: (path) => {
      onChange(path);
      onBusyChange?.(false);
      onUploaded?.(path);
    },
    onError: (message) => {
      onChange(undefined);
      onBusyChange?.(false);
      toast({ title: t('Xəta'), description: message, variant: 'destructive' });
    },
  });

  const onRemove = () => {
    remove();
    onChange(undefined);
    onBusyChange?.(false);
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: space(1.5) }}>
      <Label as="span" id={`${inputId}-title`}>
        {t('Şəkil (istəyə bağlı)')}
      </Label>
      {state.status === 'idle' ? (
        <Drop htmlFor={inputId}>
          <ImageIcon size={32} />
          <span>
            <strong>{t('Şəkil seçin')}</strong> {t('və ya buraya klikləyin')}
          </span>
          <small>{t('JPEG, PNG, WebP və ya GIF — ən çox 10 MB, 1 fayl')}</small>
          <input
            ref={inputRef}
            id={inputId}
            className="visually-hidden"
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            aria-describedby={`${inputId}-title`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              onChange(undefined);
              onBusyChange?.(true);
              void select(file);
            }}
          />
        </Drop>
      ) : (
        <Preview>
          <img src={state.previewUrl} alt={t('Seçilmiş şəkil: {name}', { name: state.fileName })} />
          <div>
            <FileName>{state.fileName}</FileName>
            {state.status === 'uploading' ? (
              <div style={{ display: 'flex', flexDirection: 'column', gap: space(2) }}>
                <ProgressBar value={state.progress} label={t('Şəkil yüklənir')} />
                <div>
                  <Button variant="ghost" size="sm" onClick={onRemove}>
                    {t('Ləğv et')}
                  </Button>
                </div>
              </div>
            ) : (
              <Button variant="outline" size="sm" onClick={onRemove}>
                {t('Şəkli sil')}
              </Button>
            )}
          </div>
        </Preview>
      )}
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </div>
  );
}
