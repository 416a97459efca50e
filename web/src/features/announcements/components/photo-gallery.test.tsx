import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { PhotoGallery } from './photo-gallery';

const GALLERY_SIZES = '(min-width: 768px) 672px, calc(100vw - 72px)';

describe('the photo gallery on a phone (issue 22: LCP of /elan/:id)', () => {
  it('asks for the screen-sized copy by srcset, the cover at once and at high priority', () => {
    renderWithProviders(<PhotoGallery photos={['/objects/a']} title="Qara pulqabı" maxHeight={420} />);
    const cover = screen.getByRole('img', { name: 'Qara pulqabı' });
    expect(cover).toHaveAttribute('src', '/objects/a');
    expect(cover).toHaveAttribute('srcset', '/objects/a/medium 960w, /objects/a 2048w');
    expect(cover).toHaveAttribute('sizes', GALLERY_SIZES);
    expect(cover).toHaveAttribute('fetchpriority', 'high');
    expect(cover).toHaveAttribute('loading', 'eager');
  });

  it('loads the photos after the cover when they are swiped near, each at the size the screen needs', () => {
    renderWithProviders(
      <PhotoGallery photos={['/objects/a', '/objects/b']} title="Qara pulqabı" maxHeight={420} />,
    );
    const [cover, second] = screen.getAllByRole('img');
    expect(cover).toHaveAttribute('fetchpriority', 'high');
    expect(cover).toHaveAttribute('loading', 'eager');
    expect(second).toHaveAttribute('srcset', '/objects/b/medium 960w, /objects/b 2048w');
    expect(second).toHaveAttribute('sizes', GALLERY_SIZES);
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).toHaveAttribute('fetchpriority', 'auto');
  });
});
