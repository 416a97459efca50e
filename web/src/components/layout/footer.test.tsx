import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { Footer } from './footer';

describe('footer', () => {
  it('has the support, legal and contact sections with the spec links', () => {
    renderWithProviders(<Footer />);
    for (const [name, href] of [
      ['Yardım mərkəzi', '/help-center'],
      ['Şikayətlər', '/complaints'],
      ['İstifadə şərtləri', '/terms'],
      ['Məxfilik siyasəti', '/privacy'],
      ['Haqqımızda', '/about'],
    ])
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    expect(screen.getByRole('heading', { name: 'Dəstək' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hüquqi' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Əlaqə' })).toBeInTheDocument();
    expect(screen.getByText('Bakı, Azərbaycan, 2025')).toBeInTheDocument();
    expect(screen.getByText(/© 2025 Tapıntı/)).toBeInTheDocument();
    // Organisations find where to apply from any page.
    expect(screen.getByRole('link', { name: 'Təşkilat kimi qoşulun' })).toHaveAttribute(
      'href',
      '/apply-organization',
    );
    expect(screen.getByRole('link', { name: /@tapinti\.az/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
  });
});
