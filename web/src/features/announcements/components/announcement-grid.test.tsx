import { screen } from '@testing-library/react';
import type { PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import { announcement } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { AnnouncementGrid } from './announcement-grid';

const withPhoto = (n: number) =>
  announcement({
    id: `a${n}`,
    title: `Şəkilli elan ${n}`,
    imageUrl: `/objects/0000000${n}-0000-4000-8000-000000000000`,
    thumbnailUrl: `/objects/0000000${n}-0000-4000-8000-000000000000/thumbnail`,
  }) as PublicAnnouncement;

describe('announcement cards', () => {
  it("show the photo's thumbnail with its size; pictures below the first row load lazily", () => {
    const list = [1, 2, 3, 4, 5].map(withPhoto);
    renderWithProviders(<AnnouncementGrid announcements={list} signedIn={false} onOpen={() => undefined} />);
    list.forEach((a, index) => {
      const img = screen.getByRole('img', { name: a.title });
      expect(img).toHaveAttribute('src', a.thumbnailUrl);
      expect(img).toHaveAttribute('width', '480');
      expect(img).toHaveAttribute('height', '300');
      expect(img).toHaveAttribute('loading', index < 3 ? 'eager' : 'lazy');
    });
  });

  it('show the photo itself for an announcement without a thumbnail', () => {
    const old = announcement({
      title: 'Köhnə elan',
      imageUrl: '/objects/00000009-0000-4000-8000-000000000000',
    }) as PublicAnnouncement;
    renderWithProviders(<AnnouncementGrid announcements={[old]} signedIn onOpen={() => undefined} />);
    expect(screen.getByRole('img', { name: 'Köhnə elan' })).toHaveAttribute('src', old.imageUrl);
  });
});
