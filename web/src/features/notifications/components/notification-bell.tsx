import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { Notification } from '@tapinti/contracts/notifications-api';
import { Button } from '../../../components/ui/button';
import { BellIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { color, font, media, radius, shadow, space, zIndex } from '../../../components/ui/theme';
import { formatDateTime } from '../../../lib/dates';
import {
  notificationTarget,
  useInbox,
  useMarkAllRead,
  useMarkRead,
  useUnreadCount,
} from '../api/notifications';
import { useT } from '../../../lib/i18n';

export interface BellLabels {
  title: string;
  panel: string;
  button: (unread: number) => string;
  markAll: string;
  empty: string;
  loading: string;
  error: string;
  unreadMark: string;
}

/** The site's own texts in the chosen language (the analytics dashboard passes its dictionary's). */
function useSiteBellLabels(): BellLabels {
  const t = useT();
  return {
    title: t('Bildirişlər'),
    panel: t('Bildiriş qutusu'),
    // The name holds the badge's text as a word of its own (axe: label-content-name-mismatch).
    button: (n) => (n > 0 ? t('Bildirişlər: {n} oxunmamış', { n: n > 99 ? '99+' : n }) : t('Bildirişlər')),
    markAll: t('Hamısını oxunmuş et'),
    empty: t('Hələ bildirişiniz yoxdur.'),
    loading: t('Bildirişlər yüklənir...'),
    error: t('Bildirişləri yükləmək mümkün olmadı'),
    unreadMark: t('Oxunmamış'),
  };
}

const Wrapper = styled.div`
  position: relative;
  flex: none;
`;

const BellButton = styled.button`
  position: relative;
  display: inline-grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.surface};
  color: ${color.text};
  cursor: pointer;
  &:hover {
    background: ${color.subtle};
  }
`;

const Count = styled.span`
  position: absolute;
  top: -6px;
  right: -6px;
  min-width: 20px;
  height: 20px;
  padding: 0 5px;
  border-radius: ${radius.pill};
  background: ${color.danger};
  color: #fff;
  font-size: ${font.size.xs};
  font-weight: ${font.weight.bold};
  line-height: 20px;
  text-align: center;
`;

const Panel = styled.div`
  position: fixed;
  z-index: ${zIndex.modal};
  top: 72px;
  left: ${space(3)};
  right: ${space(3)};
  max-height: min(70vh, 560px);
  display: flex;
  flex-direction: column;
  background: ${color.surface};
  color: ${color.text};
  border: 1px solid ${color.border};
  border-radius: ${radius.lg};
  box-shadow: ${shadow.lg};
  ${media.sm} {
    position: absolute;
    top: calc(100% + ${space(2)});
    left: auto;
    right: 0;
    width: 400px;
  }
`;

const PanelHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space(2)};
  padding: ${space(3)} ${space(4)};
  border-bottom: 1px solid ${color.border};
  h2 {
    font-size: ${font.size.md};
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  overflow-y: auto;
`;

const Item = styled.li<{ $unread: boolean }>`
  border-bottom: 1px solid ${color.subtle};
  background: ${(p) => (p.$unread ? color.primarySoft : 'transparent')};
  a,
  div.static {
    display: flex;
    flex-direction: column;
    gap: ${space(1)};
    padding: ${space(3)} ${space(4)};
    color: inherit;
    text-decoration: none;
    overflow-wrap: anywhere;
  }
  a:hover {
    background: ${color.subtle};
  }
  strong {
    font-size: ${font.size.sm};
  }
  p {
    font-size: ${font.size.sm};
    color: ${color.muted};
  }
  time {
    font-size: ${font.size.xs};
    color: ${color.muted};
  }
`;

const Note = styled.p`
  padding: ${space(6)} ${space(4)};
  text-align: center;
  color: ${color.muted};
  font-size: ${font.size.sm};
`;

function ItemBody({ n, labels }: { n: Notification; labels: BellLabels }) {
  return (
    <>
      <strong>
        {!n.readAt && <span className="visually-hidden">{labels.unreadMark}: </span>}
        {n.title}
      </strong>
      <p>{n.message}</p>
      <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
    </>
  );
}

/**
 * The inbox of a signed-in user: a bell with the unread count, and a panel listing the newest
 * notifications; opening one marks it read and goes to its page. The count is read again on every
 * page change and when the panel opens (no timers, spec §9).
 */
export function NotificationBell({ labels: given }: { labels?: BellLabels }) {
  const siteLabels = useSiteBellLabels();
  const labels = given ?? siteLabels;
  const [open, setOpen] = useState(false);
  const count = useUnreadCount(true);
  const inbox = useInbox(open);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const location = useLocation();
  const navigate = useNavigate();
  const wrapper = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const unread = count.data?.count ?? 0;
  const { mutate: refreshCount } = count;

  useEffect(() => {
    setOpen(false);
    void refreshCount();
  }, [location.pathname, location.search, refreshCount]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const toggle = () => {
    setOpen((v) => !v);
    if (!open) {
      void refreshCount();
      void inbox.mutate();
    }
  };

  const openItem = (n: Notification, target: string | null) => {
    if (!n.readAt) void markRead.trigger(n.id).catch(() => undefined);
    setOpen(false);
    if (target) void navigate(target);
  };

  return (
    <Wrapper ref={wrapper}>
      <BellButton
        type="button"
        aria-label={labels.button(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
        data-testid="notification-bell"
      >
        <BellIcon size={20} />
        {unread > 0 && <Count aria-hidden="true">{unread > 99 ? '99+' : unread}</Count>}
      </BellButton>
      {open && (
        <Panel id={panelId} role="region" aria-label={labels.panel}>
          <PanelHeader>
            <h2>{labels.title}</h2>
            <Button
              size="sm"
              variant="ghost"
              disabled={unread === 0}
              loading={markAll.isMutating}
              onClick={() => void markAll.trigger().catch(() => undefined)}
            >
              {labels.markAll}
            </Button>
          </PanelHeader>
          {inbox.isLoading && (
            <Note>
              <Spinner size={20} label={labels.loading} />
            </Note>
          )}
          {inbox.error && <Note role="alert">{labels.error}</Note>}
          {inbox.data && inbox.data.items.length === 0 && <Note>{labels.empty}</Note>}
          {inbox.data && inbox.data.items.length > 0 && (
            <List>
              {inbox.data.items.map((n) => {
                const target = notificationTarget(n);
                return (
                  <Item key={n.id} $unread={!n.readAt} data-testid="notification">
                    {target ? (
                      <Link
                        to={target}
                        onClick={(e) => {
                          e.preventDefault();
                          openItem(n, target);
                        }}
                      >
                        <ItemBody n={n} labels={labels} />
                      </Link>
                    ) : (
                      <div className="static" onClick={() => openItem(n, null)}>
                        <ItemBody n={n} labels={labels} />
                      </div>
                    )}
                  </Item>
                );
              })}
            </List>
          )}
        </Panel>
      )}
    </Wrapper>
  );
}

export default NotificationBell;
