import { act, fireEvent, render, screen } from '@testing-library/react';
import { useSubmitOnce } from './use-submit-once';

function Form({ onValid }: { onValid: () => Promise<void> }) {
  const { submitOnce, submitting } = useSubmitOnce();
  return (
    <form
      aria-label="form"
      onSubmit={submitOnce(async (event) => {
        event.preventDefault();
        await onValid();
      })}
    >
      <button type="submit" disabled={submitting}>
        {submitting ? 'pending' : 'send'}
      </button>
    </form>
  );
}

describe('useSubmitOnce', () => {
  it('ignores a second submit while the first is pending, then allows the next', async () => {
    let finish: () => void = () => {};
    const onValid = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Form onValid={onValid} />);
    const form = screen.getByRole('form', { name: 'form' });
    // Two submit events before any re-render: the double click.
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'pending' })).toBeDisabled();
    await act(async () => finish());
    expect(await screen.findByRole('button', { name: 'send' })).toBeEnabled();
    fireEvent.submit(form);
    expect(onValid).toHaveBeenCalledTimes(2);
  });
});
