import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  MESSAGE_MAX_LENGTH,
  type Conversation,
  type ConversationMessage,
  type SharedContact,
} from '@tapinti/contracts/conversations-api';
import type { ReportReason, ShareableContact } from '@tapinti/contracts/conversations-events';
import { TEXT_WARNING_MESSAGES } from '@tapinti/contracts/text-warnings';
import { Button } from '../../../components/ui/button';
import { TextArea } from '../../../components/ui/field';
import { Alert, Muted, Row, Stack } from '../../../components/ui/layout';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { color, font, radius, space } from '../../../components/ui/theme';
import { useToast } from '../../../components/ui/toast';
import { Warning } from '../../../components/ui/warning';
import { ApiError, errorMessage, serverMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { msg, useT } from '../../../lib/i18n';
import { errorToast } from '../../../lib/submit-errors';
import { useSubmitOnce } from '../../../lib/use-submit-once';
import {
  useConversation,
  usePostMessage,
  useReportConversation,
  useShareContact,
} from '../api/conversations';

const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: msg('Fırıldaq: pul və ya kart məlumatı istəyir'),
  abuse: msg('Təhqir və ya təhdid'),
  other: msg('Digər'),
};
const CONTACT_LABELS: Record<ShareableContact, string> = {
  phone: msg('Telefon nömrəsi'),
  email: msg('E-poçt ünvanı'),
};
const SHARE_LABELS: Record<ShareableContact, string> = {
  phone: msg('Telefon nömrəmi göstər'),
  email: msg('E-poçtumu göstər'),
};

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${space(3)};
  padding: ${space(3)};
  border-radius: ${radius.md};
  border: 1px solid ${color.border};
  font-size: ${font.size.sm};
  min-width: 0;
`;

const Messages = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
`;

const Bubble = styled.li<{ $mine: boolean }>`
  align-self: ${(p) => (p.$mine ? 'flex-end' : 'flex-start')};
  max-width: min(100%, 36rem);
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${space(1)};
  padding: ${space(2)} ${space(3)};
  border-radius: ${radius.md};
  background: ${(p) => (p.$mine ? color.subtle : color.surface)};
  border: 1px solid ${color.border};
`;

const Meta = styled.span`
  color: ${color.muted};
  font-size: ${font.size.xs};
`;

const Text = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Contacts = styled.ul`
  margin: 0;
  padding-left: ${space(4)};
  overflow-wrap: anywhere;
`;

/** Who wrote: the reader themselves, else the side and the person's name. */
function senderOf(
  t: ReturnType<typeof useT>,
  conversation: Conversation,
  m: Pick<ConversationMessage, 'mine' | 'side' | 'senderName'>,
) {
  if (m.mine) return t('Siz');
  const name = m.senderName ?? t('İstifadəçi');
  if (m.side === 'claimant') return t('Müraciət edən: {name}', { name });
  return conversation.heldByOrganization
    ? t('Təşkilatın əməkdaşı: {name}', { name })
    : t('Əşyanı tapan: {name}', { name });
}

function MessageList({ conversation }: { conversation: Conversation }) {
  const t = useT();
  if (conversation.messages.length === 0)
    return <Muted>{t('Hələ mesaj yoxdur. Telefon nömrəsi vermədən burada yazışa bilərsiniz.')}</Muted>;
  return (
    <Messages aria-label={t('Mesajlar')}>
      {conversation.messages.map((m) => (
        <Bubble key={m.id} $mine={m.mine} data-testid="conversation-message">
          <Meta>
            {senderOf(t, conversation, m)} · <time dateTime={m.postedAt}>{formatDateTime(m.postedAt)}</time>
          </Meta>
          <Text>{m.text}</Text>
          {m.warnings.map((w) => (
            <Warning key={w} role="note">
              {t(TEXT_WARNING_MESSAGES[w])}
            </Warning>
          ))}
        </Bubble>
      ))}
    </Messages>
  );
}

function SharedContacts({ conversation }: { conversation: Conversation }) {
  const t = useT();
  if (conversation.sharedContacts.length === 0) return null;
  const line = (s: SharedContact) => {
    const what = t(CONTACT_LABELS[s.contact]);
    if (s.value === null)
      return t('{who} paylaşdı: {what} (yalnız yazışmanın tərəfləri görür)', {
        who: senderOf(t, conversation, s),
        what,
      });
    return `${senderOf(t, conversation, s)} — ${what}: ${s.value}`;
  };
  return (
    <Stack $gap={1} role="group" aria-label={t('Paylaşılan əlaqə məlumatları')}>
      <strong>{t('Paylaşılan əlaqə məlumatları')}</strong>
      <Contacts>
        {conversation.sharedContacts.map((s) => (
          <li key={`${s.side}:${s.senderName}:${s.contact}:${s.sharedAt}`}>{line(s)}</li>
        ))}
      </Contacts>
    </Stack>
  );
}

function MessageForm({ conversation }: { conversation: Conversation }) {
  const t = useT();
  const { trigger } = usePostMessage(conversation.id);
  const { submitOnce, submitting } = useSubmitOnce();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await trigger(text);
    } catch (err) {
      setError(serverMessage(err, msg('Mesajı göndərmək mümkün olmadı')));
      return;
    }
    setText('');
  };
  return (
    <form onSubmit={(e) => void submitOnce(submit)(e)} aria-label={t('Mesaj yazın')}>
      <Stack $gap={2}>
        <TextArea
          label={t('Mesajınız')}
          value={text}
          maxLength={MESSAGE_MAX_LENGTH}
          rows={3}
          error={error}
          hint={t('Əşyanı əlinizə almadan heç vaxt pul göndərməyin və kart məlumatlarınızı yazmayın.')}
          onChange={(e) => setText(e.target.value)}
        />
        <div>
          <Button type="submit" size="sm" loading={submitting} disabled={!text.trim()}>
            {t('Göndər')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

/** One button per contact: the caller's own phone or e-mail, shown to the other side only. */
function ShareButtons({ conversation }: { conversation: Conversation }) {
  const t = useT();
  const { toast } = useToast();
  const { trigger, isMutating } = useShareContact(conversation.id);
  const shared = new Set(conversation.sharedContacts.filter((s) => s.mine).map((s) => s.contact));
  const left = (['phone', 'email'] as const).filter((c) => !shared.has(c));
  if (!left.length) return null;
  const share = async (contact: ShareableContact) => {
    try {
      await trigger(contact);
    } catch (error) {
      toast(errorToast(error, msg('Paylaşmaq mümkün olmadı')));
      return;
    }
    toast({
      title: t('Paylaşıldı'),
      description: t('Yalnız yazışmanın digər tərəfi görür.'),
      variant: 'success',
    });
  };
  return (
    <Stack $gap={1}>
      <Muted>
        {t('Telefon və e-poçtunuz gizlidir. Göstərmək istəsəniz, yalnız bu yazışmanın digər tərəfi görəcək.')}
      </Muted>
      <Row $gap={2} $wrap>
        {left.map((contact) => (
          <Button
            key={contact}
            size="sm"
            variant="outline"
            loading={isMutating}
            onClick={() => void share(contact)}
          >
            {t(SHARE_LABELS[contact])}
          </Button>
        ))}
      </Row>
    </Stack>
  );
}

function ReportControl({ conversation }: { conversation: Conversation }) {
  const t = useT();
  const { toast } = useToast();
  const { trigger, isMutating } = useReportConversation(conversation.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('scam');
  if (conversation.reportedByMe)
    return <Muted role="status">{t('Bu yazışmanı super adminə şikayət etmisiniz.')}</Muted>;
  if (!open)
    return (
      <div>
        <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
          {t('Yazışmanı şikayət et')}
        </Button>
      </div>
    );
  const report = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await trigger(reason);
    } catch (error) {
      toast(errorToast(error, msg('Şikayəti göndərmək mümkün olmadı')));
      return;
    }
    setOpen(false);
    toast({
      title: t('Şikayət göndərildi'),
      description: t('Super admin bu yazışmanı oxuyacaq.'),
      variant: 'success',
    });
  };
  return (
    <form onSubmit={(e) => void report(e)} aria-label={t('Yazışmanı şikayət et')}>
      <Stack $gap={2}>
        <Select
          label={t('Şikayətin səbəbi')}
          value={reason}
          onChange={(e) => setReason(e.target.value as ReportReason)}
          options={(Object.keys(REPORT_REASON_LABELS) as ReportReason[]).map((value) => ({
            value,
            label: REPORT_REASON_LABELS[value],
          }))}
        />
        <Muted>{t('Şikayət etsəniz, super admin bu yazışmanı oxuya biləcək.')}</Muted>
        <Row $gap={2} $wrap>
          <Button type="submit" size="sm" variant="danger" loading={isMutating}>
            {t('Şikayəti göndər')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
            {t('Ləğv et')}
          </Button>
        </Row>
      </Stack>
    </form>
  );
}

function ConversationBody({ requestId }: { requestId: string }) {
  const t = useT();
  const conversation = useConversation(requestId);
  const refresh = (
    <div>
      <Button size="sm" variant="outline" onClick={() => void conversation.mutate()}>
        {t('Yazışmanı yenilə')}
      </Button>
    </div>
  );
  if (conversation.isLoading)
    return (
      <Row $gap={2} role="status">
        <Spinner size={20} />
        <span>{t('Yazışma yüklənir...')}</span>
      </Row>
    );
  if (conversation.error)
    return (
      <Alert role="status">
        <strong>
          {conversation.error instanceof ApiError && conversation.error.status === 404
            ? t('Yazışma hazırlanır. Bir neçə saniyədən sonra yeniləyin.')
            : t(errorMessage(conversation.error, msg('Yazışmanı yükləmək mümkün olmadı')))}
        </strong>
        {refresh}
      </Alert>
    );
  const data = conversation.data!;
  const moderator = data.reader === 'moderator';
  return (
    <>
      {moderator && <Muted>{t('Şikayət edilmiş yazışma: super admin yalnız oxuyur.')}</Muted>}
      <MessageList conversation={data} />
      <SharedContacts conversation={data} />
      {!moderator && <MessageForm conversation={data} />}
      {!moderator && <ShareButtons conversation={data} />}
      <Row $gap={2} $wrap $justify="space-between">
        {refresh}
        {!moderator && <ReportControl conversation={data} />}
      </Row>
    </>
  );
}

/**
 * Issue 26.2: a claim's conversation on its card, for both sides (and the super admin once
 * reported): opened with a button so a list of claims loads none until asked; a link to the claim
 * (`?request=…`, the notifications' link) opens it at once.
 */
export function ConversationPanel({
  requestId,
  defaultOpen = false,
  note,
}: {
  requestId: string;
  defaultOpen?: boolean;
  /** Said above the conversation (e.g. how to reach a claimant without a phone number). */
  note?: string;
}) {
  const t = useT();
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  return (
    <Panel aria-label={t('Yazışma')}>
      {note && <Muted>{t(note)}</Muted>}
      <div>
        <Button
          size="sm"
          variant={open ? 'ghost' : 'secondary'}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          {open ? t('Yazışmanı bağla') : t('Yazışmanı aç')}
        </Button>
      </div>
      <Stack $gap={3} id={bodyId} hidden={!open}>
        {open && <ConversationBody requestId={requestId} />}
      </Stack>
    </Panel>
  );
}
