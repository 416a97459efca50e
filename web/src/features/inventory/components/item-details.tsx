import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { Category } from '@tapinti/contracts/announcements-api';
import type { CustodyEntry } from '@tapinti/contracts/inventory-api';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { DetailList } from '../../../components/ui/detail-list';
import { Alert, Muted, Row, SectionTitle, Stack } from '../../../components/ui/layout';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { font, radius, space } from '../../../components/ui/theme';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { errorToast } from '../../../lib/submit-errors';
import { useInventoryItem, useMoveItem, useStoragePlaces } from '../api/inventory';
import { DISPOSAL_WAY_LABELS, ITEM_STATE_LABELS } from '../labels';
import { handoverPath } from '../paths';
import { DisposeForm } from './dispose-form';
import { LabelLinks, LoadFailed } from './inventory-notices';

const Photos = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
  img {
    width: 96px;
    height: 96px;
    object-fit: cover;
    border-radius: ${radius.md};
  }
`;

const Custody = styled.ol`
  margin: 0;
  padding-left: ${space(5)};
  li + li {
    margin-top: ${space(2)};
  }
  small {
    display: block;
    font-size: ${font.size.xs};
  }
`;

const SubTitle = styled(SectionTitle)`
  font-size: ${font.size.lg};
`;

export interface ItemDetailsProps {
  organizationId: string;
  itemId: string;
  categoryLabels: Record<Category, string>;
  /** Staff names by user id (the organisation's members); an unknown id shows as a former member. */
  names: Record<string, string>;
}

/**
 * An item's staff page (the label's QR code opens it): the item, its custody history, moving it,
 * its labels and its disposal. Another organisation's item is simply not found here.
 */
export function ItemDetails({ organizationId, itemId, categoryLabels, names }: ItemDetailsProps) {
  const t = useT();
  const item = useInventoryItem(organizationId, itemId);
  const who = (id: string) => names[id] ?? t('keçmiş əməkdaş');

  if (item.error)
    return item.error instanceof ApiError && item.error.status === 404 ? (
      <Alert role="alert" data-testid="item-not-found">
        <p>
          <strong>{t('Əşya tapılmadı')}</strong>
        </p>
        <p>
          {t(
            'Bu əşya təşkilatınızın reyestrində yoxdur: başqa təşkilatın əşyası ola bilər və ya keçid səhvdir.',
          )}
        </p>
      </Alert>
    ) : (
      <LoadFailed error={item.error} fallback={t('Əşya yüklənmədi')} />
    );
  if (!item.data) return <Spinner size={28} label={t('Yüklənir...')} />;
  const it = item.data;
  const stored = it.state === 'stored';

  return (
    <Stack $gap={6} data-testid="inventory-item">
      <Stack $gap={2}>
        <Row $gap={2}>
          <SubTitle as="h2" data-testid="reference-number">
            {it.referenceNumber}
          </SubTitle>
          <Badge $tone={stored ? 'primary' : 'neutral'}>{t(ITEM_STATE_LABELS[it.state])}</Badge>
          {it.valuable && <Badge $tone="reward">{t('Qiymətli')}</Badge>}
          {!it.listedPublicly && (
            <Badge $tone="neutral">{t('Yalnız reyestrdə (ictimai lövhədə deyil)')}</Badge>
          )}
        </Row>
        <p>{it.title}</p>
      </Stack>
      <DetailList
        label={t('Əşya haqqında')}
        facts={[
          { label: t('Kateqoriya'), value: t(categoryLabels[it.category]) },
          { label: t('Tapıldığı yer (otaq və ya ərazi)'), value: it.foundArea },
          { label: t('Tapılma vaxtı'), value: formatDateTime(it.foundAt) },
          { label: t('Kim tapıb'), value: it.foundBy },
          { label: t('Saxlama yeri'), value: it.storagePlace.name },
          { label: t('Saxlama müddəti bitir'), value: formatDateTime(it.disposeAfter) },
          { label: t('Qeydə alan'), value: who(it.loggedBy) },
        ]}
      />
      {it.photoUrls.length > 0 && (
        <Photos aria-label={t('Şəkillər')}>
          {it.photoUrls.map((url, i) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener">
                <img
                  src={`${url}/thumbnail`}
                  alt={t('Şəkil {n}/{total}', { n: i + 1, total: it.photoUrls.length })}
                />
              </a>
            </li>
          ))}
        </Photos>
      )}
      <LabelLinks organizationId={organizationId} itemIds={[it.id]} />
      {it.state !== 'disposed' && (
        <div>
          <ButtonLink to={handoverPath(it.id)} variant="secondary" data-testid="to-handover">
            {it.state === 'returned' ? t('Təhvil və qəbz') : t('Sahibinə təhvil ver')}
          </ButtonLink>
        </div>
      )}
      <section aria-labelledby="custody-title">
        <Stack $gap={3}>
          <SubTitle id="custody-title">{t('Saxlanma tarixçəsi')}</SubTitle>
          <Custody data-testid="custody">
            {it.custody.map((entry, i) => (
              <li key={i}>
                <CustodyLine entry={entry} who={who(entry.by)} />
              </li>
            ))}
          </Custody>
        </Stack>
      </section>
      {stored ? (
        <>
          <MoveForm organizationId={organizationId} itemId={it.id} currentPlaceId={it.storagePlace.id} />
          <Card>
            <CardBody>
              <Stack $gap={3}>
                <SubTitle>{t('Anbardan çıxar')}</SubTitle>
                <DisposeForm
                  organizationId={organizationId}
                  itemId={it.id}
                  referenceNumber={it.referenceNumber}
                />
              </Stack>
            </CardBody>
          </Card>
        </>
      ) : (
        it.disposal && (
          <Alert $tone="info" data-testid="disposal">
            <p>
              <strong>{t(DISPOSAL_WAY_LABELS[it.disposal.way])}</strong>
              {it.disposal.receivingOrganization ? `: ${it.disposal.receivingOrganization}` : ''}
            </p>
            <p>
              {who(it.disposal.by)} · {formatDateTime(it.disposal.at)}
            </p>
            {it.disposal.note && <p>{it.disposal.note}</p>}
          </Alert>
        )
      )}
    </Stack>
  );
}

function CustodyLine({ entry, who }: { entry: CustodyEntry; who: string }) {
  const t = useT();
  return (
    <>
      <span>
        {entry.from
          ? t('{from} → {to}', { from: entry.from.name, to: entry.to.name })
          : t('Qeydə alındı: {to}', { to: entry.to.name })}
      </span>
      <Muted as="small">
        {who} · {formatDateTime(entry.at)}
      </Muted>
    </>
  );
}

function MoveForm({
  organizationId,
  itemId,
  currentPlaceId,
}: {
  organizationId: string;
  itemId: string;
  currentPlaceId: string;
}) {
  const t = useT();
  const { toast } = useToast();
  const places = useStoragePlaces(organizationId);
  const { trigger, isMutating } = useMoveItem(organizationId, itemId);
  const others = (places.data ?? []).filter((p) => p.id !== currentPlaceId);
  const [target, setTarget] = useState('');
  const chosen = others.some((p) => p.id === target) ? target : (others[0]?.id ?? '');
  if (!others.length) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await trigger(chosen);
      toast({ title: t('Əşya köçürüldü'), variant: 'success' });
    } catch (error) {
      toast(errorToast(error, t('Əşya köçürülmədi')));
    }
  };

  return (
    <form onSubmit={submit}>
      <Row $gap={2} style={{ alignItems: 'flex-end' }}>
        <div style={{ flex: '1 1 200px' }}>
          <Select
            name="moveTo"
            label={t('Başqa saxlama yerinə köçür')}
            options={others.map((p) => ({ value: p.id, label: p.name }))}
            value={chosen}
            onChange={(e) => setTarget(e.target.value)}
          />
        </div>
        <Button type="submit" variant="outline" loading={isMutating}>
          {t('Köçür')}
        </Button>
      </Row>
    </form>
  );
}
