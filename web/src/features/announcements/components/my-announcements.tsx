import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { AnnouncementDetails, PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { PlusIcon } from '../../../components/ui/icons';
import { Alert, EmptyState } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { color, font, space } from '../../../components/ui/theme';
import { useToast } from '../../../components/ui/toast';
import { errorToast } from '../../../lib/submit-errors';
import { useRenewAnnouncement } from '../api/announcement-life';
import { useAnnouncementMatches } from '../api/get-announcement-matches';
import { useMyAnnouncements } from '../api/get-my-announcements';
import { CLOSE_OUTCOME_LABELS } from '../labels';
import { AnnouncementGrid } from './announcement-grid';
import { CloseAnnouncementDialog } from './close-announcement-dialog';
import { DeleteAnnouncementDialog } from './delete-announcement-dialog';
import { useT } from '../../../lib/i18n';
import { editAnnouncementPath } from '../paths';

const Footer = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
  padding: ${space(3)} 0 ${space(2)};
`;

const Status = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(2)};
  font-size: ${font.size.sm};
  color: ${color.muted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
`;

/** How many matches an open announcement has (fetched per card: a user has a handful). */
function MatchCount({ announcement, onOpen }: { announcement: AnnouncementDetails; onOpen: () => void }) {
  const t = useT();
  const { data } = useAnnouncementMatches(announcement.status === 'open' ? announcement.id : null);
  if (!data) return null;
  const text = data.length === 0 ? t('Uyğun elan yoxdur') : t('{n} uyğun elan', { n: data.length });
  return data.length === 0 ? (
    <span data-testid="match-count">{text}</span>
  ) : (
    <Button size="sm" variant="ghost" onClick={onOpen} data-testid="match-count">
      {text}
    </Button>
  );
}

type Dialog = { kind: 'close' | 'delete'; announcement: AnnouncementDetails } | null;

export interface MyAnnouncementsProps {
  /** A click on one of the user's cards (the page shows the details, with the matches). */
  onOpen: (announcement: PublicAnnouncement) => void;
  /** One of the user's announcements to open once the list has loaded (a match notice links here). */
  openId?: string | null;
}

/**
 * The signed-in user's own announcements (the profile page): each with its number of matches, a
 * badge once closed or archived, and its actions — edit, close, delete, renew an archived one.
 */
export function MyAnnouncements({ onOpen, openId }: MyAnnouncementsProps) {
  const t = useT();
  const { data, error, isLoading, mutate } = useMyAnnouncements();
  const { toast } = useToast();
  const renew = useRenewAnnouncement();
  const [dialog, setDialog] = useState<Dialog>(null);
  const openedFromLink = useRef(false);
  useEffect(() => {
    if (openedFromLink.current || !openId || !data) return;
    const linked = data.find((a) => a.id === openId);
    if (!linked) return;
    openedFromLink.current = true;
    onOpen(linked);
  }, [data, openId, onOpen]);

  const onRenew = async (a: AnnouncementDetails) => {
    try {
      await renew.trigger(a.id);
    } catch (err) {
      toast(errorToast(err, t('Elan yenilənərkən xəta baş verdi')));
      return;
    }
    toast({
      title: t('Elan yeniləndi'),
      description: t('Elan daha 30 gün aktiv olacaq.'),
      variant: 'success',
    });
  };

  if (isLoading)
    return (
      <EmptyState role="status">
        <Spinner size={28} />
        <p>{t('Elanlarınız yüklənir...')}</p>
      </EmptyState>
    );
  if (error)
    return (
      <Alert>
        <strong>{t('Elanlarınızı yükləmək mümkün olmadı')}</strong>
        <Button variant="outline" onClick={() => void mutate()}>
          {t('Yenidən cəhd et')}
        </Button>
      </Alert>
    );
  if (!data || data.length === 0)
    return (
      <EmptyState>
        <p>{t('Hələ heç bir elanınız yoxdur.')}</p>
        <ButtonLink to="/create?type=lost">
          <PlusIcon size={18} /> {t('İlk elanınızı yaradın')}
        </ButtonLink>
      </EmptyState>
    );

  const byId = new Map(data.map((a) => [a.id, a]));
  const renderFooter = (card: PublicAnnouncement) => {
    const a = byId.get(card.id)!;
    return (
      <Footer aria-label={t('{title}: idarəetmə', { title: a.title })} role="group">
        <Status>
          {a.status === 'resolved' && (
            <Badge $tone={a.outcome === 'returned' ? 'success' : 'neutral'}>
              {t(CLOSE_OUTCOME_LABELS[a.outcome ?? 'no_longer_needed'])}
            </Badge>
          )}
          {a.status === 'archived' && <Badge $tone="neutral">{t('Arxivləşdirilib')}</Badge>}
          {/* Moderation: held or hidden ones are seen by their author only, with why. */}
          {a.moderationStatus === 'pending_review' && <Badge $tone="accent">{t('Yoxlamadadır')}</Badge>}
          {a.moderationStatus === 'hidden' && <Badge $tone="danger">{t('Gizlədilib')}</Badge>}
          {a.moderationStatus && a.moderationStatus !== 'approved' && a.moderationReason && (
            <span data-testid="moderation-reason">
              {a.moderationStatus === 'hidden'
                ? t('Səbəb: {reasons}', { reasons: a.moderationReason })
                : a.moderationReason}
            </span>
          )}
          <MatchCount announcement={a} onOpen={() => onOpen(a)} />
        </Status>
        <Actions>
          {a.status === 'open' && (
            <>
              <ButtonLink to={editAnnouncementPath(a.id)} size="sm" variant="outline">
                {t('Redaktə et')}
              </ButtonLink>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setDialog({ kind: 'close', announcement: a })}
              >
                {t('Bağla')}
              </Button>
            </>
          )}
          {a.status === 'archived' && (
            <Button size="sm" variant="outline" loading={renew.isMutating} onClick={() => void onRenew(a)}>
              {t('Yenilə')}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setDialog({ kind: 'delete', announcement: a })}>
            {t('Sil')}
          </Button>
        </Actions>
      </Footer>
    );
  };

  return (
    <>
      <AnnouncementGrid
        announcements={data}
        signedIn
        onOpen={onOpen}
        label={t('Mənim elanlarım')}
        renderFooter={renderFooter}
      />
      {dialog?.kind === 'close' && (
        <CloseAnnouncementDialog
          announcement={dialog.announcement}
          onClose={() => setDialog(null)}
          onSuccess={(closed) => {
            setDialog(null);
            toast({
              title: t('Elan bağlandı'),
              description: `Elan «${t(CLOSE_OUTCOME_LABELS[closed.outcome ?? 'no_longer_needed'])}» kimi qeyd edildi.`,
              variant: 'success',
            });
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteAnnouncementDialog
          announcement={dialog.announcement}
          onClose={() => setDialog(null)}
          onSuccess={() => {
            setDialog(null);
            toast({ title: t('Elan silindi'), variant: 'success' });
          }}
        />
      )}
    </>
  );
}
