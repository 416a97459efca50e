import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOAST_INSET_VARIABLE, ToastProvider, useToast } from './toast';

function Trigger() {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast({ title: 'Sorğu göndərildi' })}>
      show
    </button>
  );
}

const inset = () => document.documentElement.style.getPropertyValue(TOAST_INSET_VARIABLE);

/** A dialog on a phone keeps its content above the strip a shown toast takes (see modal.tsx). */
describe('toast inset', () => {
  afterEach(() => jest.restoreAllMocks());

  it('tells the page how much of the bottom a shown toast covers, and forgets it when it goes', async () => {
    // jsdom lays nothing out: the toast box's top is put 120 px above the window's bottom.
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const top = this.dataset.testid === 'toast' ? window.innerHeight - 120 : 0;
      return { top, bottom: top, left: 0, right: 0, width: 0, height: 0, x: 0, y: top, toJSON: () => ({}) };
    });
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    expect(inset()).toBe('');
    await user.click(screen.getByRole('button', { name: 'show' }));
    expect(screen.getByTestId('toast')).toHaveTextContent('Sorğu göndərildi');
    expect(inset()).toBe('120px');
    await user.click(screen.getByRole('button', { name: 'Bildirişi bağla' }));
    expect(inset()).toBe('');
  });
});
