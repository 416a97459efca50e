import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { HandledRequest, MyRequest } from '@tapinti/contracts/requests-api';
import { TEXT_WARNING_MESSAGES } from '@tapinti/contracts/text-warnings';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  DetailList,
  Quote,
  RecordActions,
  RecordCard,
  RecordHeader,
} from '../../../components/ui/detail-list';
import { Alert, EmptyState, Stack } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { color, font, space } from '../../../components/ui/theme';
import { Warning } from '../../../components/ui/warning';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useLinkedRecord } from '../../../lib/use-linked-record';
import { useExpectedAnswers } from '../api/requests';
import {
  CONTACT_METHOD_LABELS,
  HANDED_OVER_LABEL,
  nextStatuses,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUS_TONES,
} from '../labels';
import { useHandoverOf } from '../api/handovers';
import { HandoverPanel } from './handover-panel';
import { UpdateStatusDialog } from './update-status-dialog';
import { msg, useT } from '../../../lib/i18n';

const NO_CONTACT = msg('profildə qeyd olunmayıb');

/**
 * Issue 26.2: the claim's conversation, composed in by the page (another feature's): `linked` — the
 * claim a link named; `unreachable` — its claimant chose a contact their profile does not have.
 */
export type ClaimConversation = (claim: { id: string; linked: boolean; unreachable: boolean }) => ReactNode;

const itemTitle = (r: MyRequest) => r.announcement?.title ?? msg('Elan silinib və ya əlçatan deyil');

function Answers({ request, expected }: { request: MyRequest; expected?: Map<string, string> }) {
  const t = useT();
  if (request.answers.length === 0) return null;
  return (
    <Stack $gap={2} aria-label={t('Təhlükəsizlik suallarının cavabları')} role="group">
      {request.answers.map((a, i) => (
        <Quote key={i}>
          <strong>{a.question}</strong>
          {'\n'}
          {a.answer}
          {expected?.get(a.question) && (
            <Expected>{t('Gözlənilən cavab: {answer}', { answer: expected.get(a.question)! })}</Expected>
          )}
        </Quote>
      ))}
    </Stack>
  );
}

const Expected = styled.span`
  display: block;
  margin-top: ${space(1)};
  color: ${color.muted};
  font-size: ${font.size.xs};
`;

/** The handler's view adds the answers the author expects, when there are any. */
function HandlerAnswers({ request }: { request: MyRequest }) {
  const expected = useExpectedAnswers(request.answers.length ? request.announcementId : null);
  return <Answers request={request} expected={expected} />;
}

/** Issue 21: what the claim's message or answers look like (asking for money first, a card, a link). */
function MessageWarnings({ request }: { request: HandledRequest }) {
  const t = useT();
  if (request.warnings.length === 0) return null;
  return (
    <Stack $gap={2} aria-label={t('Mesaj haqqında xəbərdarlıq')} role="group">
      {request.warnings.map((w) => (
        <Warning key={w} role="note">
          {t(TEXT_WARNING_MESSAGES[w])}
        </Warning>
      ))}
    </Stack>
  );
}

/** A claim as its handler sees it: the item, the claimant, how to reach them, their message and answers. */
export function HandledRequestCard({
  request: r,
  actions,
  linked = false,
  conversation,
}: {
  request: HandledRequest;
  actions?: ReactNode;
  conversation?: ClaimConversation;
  /** The claim a link named (`?request=<id>`). */
  linked?: boolean;
}) {
  const t = useT();
  const linkedProps = useLinkedRecord<HTMLElement>(linked);
  // Issue 26.2: "Telefon" without a number on the profile is reached through the conversation.
  const unreachable = r.contactMethod !== 'in_person' && !r.contact;
  const contact =
    r.contactMethod === 'in_person'
      ? CONTACT_METHOD_LABELS.in_person
      : `${t(CONTACT_METHOD_LABELS[r.contactMethod])}${r.contact ? `: ${r.contact}` : ` — ${t(NO_CONTACT)}`}`;
  return (
    <RecordCard
      {...linkedProps}
      data-testid="request"
      aria-label={`${itemTitle(r)} — ${r.username ?? t('istifadəçi')}`}
    >
      <RecordHeader>
        <h3>{itemTitle(r)}</h3>
        {r.announcement?.roomNumber && (
          <Badge $tone="neutral">{t('Otaq {room}', { room: r.announcement.roomNumber })}</Badge>
        )}
        <RequestStatusBadge request={r} />
      </RecordHeader>
      <DetailList
        facts={[
          { label: t('Müraciət edən'), value: r.username ?? t('İstifadəçi') },
          { label: t('Əlaqə üsulu'), value: contact },
          { label: t('Müraciət edənin otağı'), value: r.roomNumber },
          { label: t('Mesaj'), value: r.message },
          { label: t('Göndərilib'), value: formatDateTime(r.createdAt) },
          {
            label: t('Baxan'),
            value: r.handledAt ? `${r.handledByUsername ?? '—'}, ${formatDateTime(r.handledAt)}` : null,
          },
        ]}
      />
      <HandlerAnswers request={r} />
      <MessageWarnings request={r} />
      {conversation?.({ id: r.id, linked, unreachable })}
      <HandoverPanel request={r} />
      {actions && <RecordActions>{actions}</RecordActions>}
    </RecordCard>
  );
}

/** Where a claim stands; an accepted one reads resolved only once its hand-over code was entered. */
function RequestStatusBadge({ request: r }: { request: MyRequest }) {
  const t = useT();
  const handover = useHandoverOf(r.id, r.status === 'resolved_claimed');
  if (handover?.state === 'handed_over') return <Badge $tone="success">{t(HANDED_OVER_LABEL)}</Badge>;
  return <Badge $tone={REQUEST_STATUS_TONES[r.status]}>{t(REQUEST_STATUS_LABELS[r.status])}</Badge>;
}

/** A claim as its claimant sees it: the item and where the claim stands. */
export function MyRequestCard({
  request: r,
  linked = false,
  conversation,
}: {
  request: MyRequest;
  linked?: boolean;
  conversation?: ClaimConversation;
}) {
  const t = useT();
  const linkedProps = useLinkedRecord<HTMLElement>(linked);
  return (
    <RecordCard {...linkedProps} data-testid="my-request" aria-label={itemTitle(r)}>
      <RecordHeader>
        <h3>{itemTitle(r)}</h3>
        {r.announcement?.roomNumber && (
          <Badge $tone="neutral">{t('Otaq {room}', { room: r.announcement.roomNumber })}</Badge>
        )}
        <RequestStatusBadge request={r} />
      </RecordHeader>
      <DetailList
        facts={[
          { label: t('Əlaqə üsulu'), value: CONTACT_METHOD_LABELS[r.contactMethod] },
          { label: t('Otaq nömrəsi'), value: r.roomNumber },
          { label: t('Mesaj'), value: r.message },
          { label: t('Göndərilib'), value: formatDateTime(r.createdAt) },
          { label: t('Son dəyişiklik'), value: r.handledAt ? formatDateTime(r.handledAt) : null },
        ]}
      />
      <Answers request={r} />
      {conversation?.({ id: r.id, linked, unreachable: false })}
      <HandoverPanel request={r} />
    </RecordCard>
  );
}

export interface ListState<T> {
  data?: T[];
  error?: unknown;
  isLoading: boolean;
  mutate: () => unknown;
}

/** Loading, error and empty states around a list of claims. */
export function RequestListFrame<T>({
  state,
  empty,
  loadingText = msg('Sorğular yüklənir...'),
  children,
}: {
  state: ListState<T>;
  empty: ReactNode;
  loadingText?: string;
  children: (items: T[]) => ReactNode;
}) {
  const t = useT();
  if (state.isLoading)
    return (
      <EmptyState role="status">
        <Spinner size={28} />
        <p>{t(loadingText)}</p>
      </EmptyState>
    );
  if (state.error)
    return (
      <Alert>
        <strong>{errorMessage(state.error, t('Sorğuları yükləmək mümkün olmadı'))}</strong>
        <Button variant="outline" onClick={() => void state.mutate()}>
          {t('Yenidən cəhd et')}
        </Button>
      </Alert>
    );
  if (!state.data || state.data.length === 0) return <EmptyState>{empty}</EmptyState>;
  return <Stack $gap={3}>{children(state.data)}</Stack>;
}

export interface HandledRequestListProps {
  state: ListState<HandledRequest>;
  empty: ReactNode;
  /** After a status change (the page toasts 'Sorğu statusu yeniləndi'). */
  onUpdated: (request: HandledRequest) => void;
  /** The claim a link named (`?request=<id>`). */
  linkedId?: string | null;
  conversation?: ClaimConversation;
}

/** Claims to handle, each with its "update status" dialog while it is open. */
export function HandledRequestList({
  state,
  empty,
  onUpdated,
  linkedId,
  conversation,
}: HandledRequestListProps) {
  const t = useT();
  const [editing, setEditing] = useState<HandledRequest | null>(null);
  return (
    <>
      <RequestListFrame state={state} empty={empty}>
        {(items) =>
          items.map((r) => (
            <HandledRequestCard
              key={r.id}
              request={r}
              linked={r.id === linkedId}
              conversation={conversation}
              actions={
                nextStatuses(r.status).length > 0 ? (
                  <Button size="sm" onClick={() => setEditing(r)}>
                    {t('Statusu yenilə')}
                  </Button>
                ) : undefined
              }
            />
          ))
        }
      </RequestListFrame>
      {editing && (
        <UpdateStatusDialog
          request={editing}
          onClose={() => setEditing(null)}
          onSuccess={(updated) => {
            setEditing(null);
            onUpdated(updated);
          }}
        />
      )}
    </>
  );
}
