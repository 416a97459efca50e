import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Tabs } from './tabs';

function Harness() {
  const [value, setValue] = useState<'a' | 'b'>('a');
  return (
    <Tabs
      label="Bölmələr"
      value={value}
      onChange={setValue}
      items={[
        { id: 'a', label: 'Daxil ol', content: <p>giriş</p> },
        { id: 'b', label: 'Qeydiyyat', content: <p>qeydiyyat</p> },
      ]}
    />
  );
}

describe('tabs', () => {
  it('switches by click and by arrow keys', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('tabpanel', { name: 'Daxil ol' })).toHaveTextContent('giriş');
    await user.click(screen.getByRole('tab', { name: 'Qeydiyyat' }));
    expect(screen.getByRole('tabpanel', { name: 'Qeydiyyat' })).toHaveTextContent('qeydiyyat');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Daxil ol' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Daxil ol' })).toHaveFocus();
  });
});
