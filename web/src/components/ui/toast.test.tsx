import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOAST_DURATION_MS, ToastProvider, useToast, type ToastInput } from './toast';

function Trigger({ toasts }: { toasts: ToastInput[] }) {
  const { toast } = useToast();
  return (
    <>
      {toasts.map((t, i) => (
        <button key={i} type="button" onClick={() => toast(t)}>
          {`show ${i}`}
        </button>
      ))}
    </>
  );
}

describe('toast', () => {
  afterEach(() => jest.useRealTimers());

  it('shows one toast at a time: a new one replaces the old', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Trigger
          toasts={[
            { title: 'Çıxış edildi', description: 'Təhlükəsiz şəkildə çıxış etdiniz' },
            {
              title: 'Giriş uğursuz oldu',
              description: 'İstifadəçi adı və ya şifrə yanlışdır',
              variant: 'destructive',
            },
          ]}
        />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'show 0' }));
    expect(screen.getByRole('status')).toHaveTextContent('Çıxış edildiTəhlükəsiz şəkildə çıxış etdiniz');
    await user.click(screen.getByRole('button', { name: 'show 1' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.queryByText('Çıxış edildi')).not.toBeInTheDocument();
    // A destructive toast is announced assertively.
    expect(screen.getByRole('alert')).toHaveTextContent('Giriş uğursuz oldu');
  });

  it(`disappears after ${TOAST_DURATION_MS} ms`, async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <ToastProvider>
        <Trigger toasts={[{ title: 'Şəkil yükləndi' }]} />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'show 0' }));
    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByText('Şəkil yükləndi')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Şəkil yükləndi')).not.toBeInTheDocument();
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('can be closed', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Trigger toasts={[{ title: 'Profil yeniləndi' }]} />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'show 0' }));
    await user.click(screen.getByRole('button', { name: 'Bildirişi bağla' }));
    expect(screen.queryByText('Profil yeniləndi')).not.toBeInTheDocument();
  });
});
