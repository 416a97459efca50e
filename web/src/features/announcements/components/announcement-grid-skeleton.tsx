import styled from 'styled-components';
import { cardStyles } from '../../../components/ui/card';
import { Grid } from '../../../components/ui/layout';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { space } from '../../../components/ui/theme';

/** Two rows at three columns: the first screen of a list on any width. */
const CARDS = 6;

const Card = styled.div`
  ${cardStyles}
  overflow: hidden;
  display: flex;
  flex-direction: column;
`;

// The same boxes as AnnouncementCard: a 16:10 picture, then badges, title, text, meta and button.
const Media = styled(SkeletonBlock)`
  aspect-ratio: 16 / 10;
  height: auto;
  border-radius: 0;
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(3)};
  padding: ${space(4)} ${space(5)} ${space(5)};
`;

/** The announcement list while it loads: card-sized placeholders, so the page does not jump. */
export function AnnouncementGridSkeleton({ label }: { label: string }) {
  return (
    <div role="status" data-testid="announcement-grid-skeleton">
      <span className="visually-hidden">{label}</span>
      <Grid aria-hidden="true">
        {Array.from({ length: CARDS }, (_, i) => (
          <Card key={i}>
            <Media />
            <Body>
              <SkeletonBlock $width="45%" $height="22px" />
              <SkeletonBlock $width="80%" $height="26px" />
              <SkeletonBlock $height="60px" />
              <SkeletonBlock $width="60%" $height="70px" />
              <SkeletonBlock $height="44px" />
            </Body>
          </Card>
        ))}
      </Grid>
    </div>
  );
}
