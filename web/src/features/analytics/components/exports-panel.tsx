import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { cardStyles } from '../../../components/ui/card';
import { DownloadIcon } from '../../../components/ui/icons';
import { Muted, Stack } from '../../../components/ui/layout';
import { font, media, space } from '../../../components/ui/theme';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { downloadExport, EXPORT_KINDS, type ExportKind } from '../api/exports';
import { DATE_RANGE_LABELS, rangeStart, type DateRange } from '../../../lib/date-range';
import { useT } from '../../../lib/i18n';

const Grid = styled.div`
  display: grid;
  gap: ${space(3)};
  grid-template-columns: minmax(0, 1fr);
  ${media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const Tile = styled.div`
  ${cardStyles}
  padding: ${space(4)};
  display: flex;
  flex-direction: column;
  gap: ${space(3)};
  h3 {
    font-size: ${font.size.md};
  }
`;

/** The exports tab: one CSV per kind for the selected date range, streamed by the server. */
export function ExportsPanel({ range }: { range: DateRange }) {
  const t = useT();
  const { toast } = useToast();
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const labels: Record<ExportKind, string> = {
    organizations: t('Təşkilatlar'),
    announcements: t('Elanlar'),
    requests: t('Sorğular'),
    'audit-logs': t('Audit jurnalı'),
  };

  const download = async (kind: ExportKind) => {
    setBusy(kind);
    try {
      const name = await downloadExport(kind, rangeStart(range)?.toISOString());
      toast({ title: t('Fayl yükləndi'), description: name, variant: 'success' });
    } catch (error) {
      toast({
        title: t('İxrac alınmadı'),
        description: errorMessage(error, t('İxrac alınmadı')),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack $gap={4}>
      <Stack $gap={1}>
        <h2 style={{ fontSize: '1.125rem' }}>{t('CSV ixracı')}</h2>
        <Muted>
          {t('Seçilmiş tarix aralığı ({range}) üçün CSV faylı (UTF-8, Excel üçün BOM ilə) yüklənir.', {
            range: t(DATE_RANGE_LABELS[range]),
          })}
        </Muted>
      </Stack>
      <Grid>
        {EXPORT_KINDS.map((kind) => (
          <Tile key={kind}>
            <h3>{labels[kind]}</h3>
            <Button
              variant="outline"
              icon={<DownloadIcon size={16} />}
              loading={busy === kind}
              aria-label={`${t('Yüklə')}: ${labels[kind]} (CSV)`}
              onClick={() => void download(kind)}
            >
              {t('Yüklə')} CSV
            </Button>
          </Tile>
        ))}
      </Grid>
    </Stack>
  );
}
