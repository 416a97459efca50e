import { fillMessage } from '@tapinti/contracts/message-template';
import { VENUE_CHECK_LIMIT_MESSAGES } from '@tapinti/contracts/venue-checks-api';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatAzn, formatDate } from './format';
import { formatDateTime, formatDay } from './dates';
import { I18nProvider, LANGUAGE_STORAGE_KEY, rich, useI18n, useT } from './i18n';

function Probe() {
  const t = useT();
  const { language, setLanguage } = useI18n();
  return (
    <div>
      <h1>{t('İtirdiyini tap, tapdığını qaytar')}</h1>
      <p data-testid="count">{t('{n} elan tapıldı', { n: 3 })}</p>
      <p data-testid="untranslated">{t('Hələ heç kimin tərcümə etmədiyi mətn')}</p>
      {/* A server refusal filled with this deployment's numbers: no key, translated through its template. */}
      <p data-testid="filled">{t(fillMessage(VENUE_CHECK_LIMIT_MESSAGES.perUserPerDay, { max: 7 }))}</p>
      <p data-testid="date">{formatDate('2025-03-05T12:00:00')}</p>
      <p data-testid="day">{formatDay('2025-03-05')}</p>
      <p data-testid="time">{formatDateTime('2025-03-05T14:30:00')}</p>
      <p data-testid="money">{formatAzn(1250)}</p>
      <p data-testid="rich">
        {rich(t('Bu e-poçtla hesabınız var? {signIn} və dəvəti bir düymə ilə qəbul edin.'), {
          signIn: <a href="/auth">{t('Daxil olun')}</a>,
        })}
      </p>
      <button type="button" onClick={() => setLanguage(language === 'az' ? 'ru' : 'en')}>
        {language}
      </button>
    </div>
  );
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.lang = 'az';
});

describe('i18n', () => {
  it('Azerbaijani by default: the key is the text, dd.MM.yyyy, 1 250 AZN', () => {
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('İtirdiyini tap, tapdığını qaytar');
    expect(screen.getByTestId('count')).toHaveTextContent('3 elan tapıldı');
    expect(screen.getByTestId('filled')).toHaveTextContent(
      'Bir gün ərzində ən çox 7 məkandan soruşmaq olar. Bir az sonra yenidən cəhd edin',
    );
    expect(screen.getByTestId('date')).toHaveTextContent('05.03.2025');
    expect(screen.getByTestId('day')).toHaveTextContent('05.03.2025');
    expect(screen.getByTestId('time')).toHaveTextContent('05.03.2025 14:30');
    expect(screen.getByTestId('money').textContent).toBe('1\u00a0250 AZN');
    expect(screen.getByRole('link', { name: 'Daxil olun' })).toHaveAttribute('href', '/auth');
    expect(document.documentElement.lang).toBe('az');
  });

  it('Russian: translated texts with their values, Russian dates and numbers, <html lang>, remembered', async () => {
    const user = userEvent.setup();
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'az' }));
    expect(
      await screen.findByRole('heading', { name: 'Найди потерянное, верни найденное' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('count')).toHaveTextContent('Найдено объявлений: 3');
    expect(screen.getByTestId('filled')).toHaveTextContent(
      'За день можно обратиться не более чем в 7 мест. Попробуйте чуть позже',
    );
    // Nobody translated it yet: Azerbaijani, never an empty string.
    expect(screen.getByTestId('untranslated')).toHaveTextContent('Hələ heç kimin tərcümə etmədiyi mətn');
    expect(screen.getByTestId('date')).toHaveTextContent(/^5 мар\.? 2025( г\.)?$/);
    expect(screen.getByTestId('day')).toHaveTextContent(/^5 мар\.? 2025( г\.)?$/);
    expect(screen.getByTestId('time')).toHaveTextContent(/^5 мар\.? 2025( г\.)?,? (в )?14:30$/);
    expect(screen.getByTestId('money').textContent?.replace(/\s/g, ' ')).toBe('1 250 AZN');
    expect(screen.getByTestId('rich')).toHaveTextContent(
      'Уже есть аккаунт с этой почтой? Войдите и примите приглашение одной кнопкой.',
    );
    expect(screen.getByRole('link', { name: 'Войдите' })).toHaveAttribute('href', '/auth');
    expect(document.documentElement.lang).toBe('ru');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
    // The server is told too: it paints the shell's Azerbaijani first screen only for AZ readers.
    expect(document.cookie).toContain('tapinti_language=ru');
  });

  it('English from the stored choice: 1,250 AZN and a named month', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(
      await screen.findByRole('heading', { name: 'Find what you lost, return what you found' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('count')).toHaveTextContent('Announcements found: 3');
    expect(screen.getByTestId('filled')).toHaveTextContent(
      'You can ask at most 7 venues a day. Please try again a little later',
    );
    expect(screen.getByTestId('date')).toHaveTextContent('5 Mar 2025');
    expect(screen.getByTestId('money')).toHaveTextContent('1,250 AZN');
    expect(document.documentElement.lang).toBe('en');
    // A choice stored before the cookie existed reaches the server from this visit on.
    expect(document.cookie).toContain('tapinti_language=en');
  });

  it('an unknown stored value falls back to Azerbaijani', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    await act(async () => {});
    expect(screen.getByRole('heading')).toHaveTextContent('İtirdiyini tap, tapdığını qaytar');
    expect(document.documentElement.lang).toBe('az');
  });
});
