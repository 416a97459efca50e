import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useSWRConfig } from 'swr';
import type { z } from 'zod';
import { changePasswordFormSchema, deleteAccountRequestSchema } from '@tapinti/contracts/auth-api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Alert, Muted, Row, SectionTitle, Stack } from '../../../components/ui/layout';
import { Modal } from '../../../components/ui/modal';
import { space } from '../../../components/ui/theme';
import { useToast } from '../../../components/ui/toast';
import { formatDateTime } from '../../../lib/dates';
import { errorToast, setServerFieldError } from '../../../lib/submit-errors';
import {
  changePassword,
  confirmPhoneVerification,
  deleteAccount,
  resendEmailVerification,
  signOutEverywhere,
  startPhoneVerification,
  useAccountStatus,
  useSessions,
} from '../api/account-security';
import { USER_KEY } from '../api/get-user';
import { NewPasswordFields } from './new-password-fields';
import { useT } from '../../../lib/i18n';
import { useSubmitOnce } from '../../../lib/use-submit-once';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${space(3)};
  padding-bottom: ${space(6)};
`;

const SessionItem = styled.li`
  list-style: none;
  display: flex;
  justify-content: space-between;
  gap: ${space(3)};
  flex-wrap: wrap;
`;

/** After the account's sessions end: the app forgets the user. */
function useSignedOut() {
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  return async () => {
    await mutate(USER_KEY, null, { revalidate: false });
    void navigate('/', { replace: true });
  };
}

/** E-mail and phone verification state, with a new link and the SMS code flow. */
function Verification() {
  const t = useT();
  const { toast } = useToast();
  const { status, mutate } = useAccountStatus(true);
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const { submitOnce, submitting } = useSubmitOnce();
  const run = async (work: () => Promise<unknown>, done: string, failure: string) => {
    setBusy(true);
    try {
      await work();
      toast({ title: done, variant: 'success' });
      return true;
    } catch (error) {
      toast(errorToast(error, failure));
      return false;
    } finally {
      setBusy(false);
    }
  };
  if (!status) return null;
  return (
    <Section aria-label={t('Təsdiq')}>
      <SectionTitle>{t('Təsdiq')}</SectionTitle>
      <Row $gap={3} $wrap>
        <span>{t('E-poçt:')}</span>
        {status.emailVerified ? (
          <Badge $tone="success">{t('Təsdiqlənib')}</Badge>
        ) : (
          <>
            <Badge $tone="danger">{t('Təsdiqlənməyib')}</Badge>
            <Button
              size="sm"
              variant="outline"
              loading={busy}
              onClick={() =>
                void run(
                  resendEmailVerification,
                  t('Təsdiq linki e-poçtunuza göndərildi'),
                  t('Link göndərilə bilmədi'),
                )
              }
            >
              {t('Təsdiq linkini yenidən göndər')}
            </Button>
          </>
        )}
      </Row>
      <Row $gap={3} $wrap>
        <span>{t('Telefon:')}</span>
        {!status.phone ? (
          <Muted>{t('Profildə telefon nömrəsi yoxdur')}</Muted>
        ) : status.phoneVerified ? (
          <Badge $tone="success">{t('Təsdiqlənib')}</Badge>
        ) : (
          <>
            <Badge $tone="danger">{t('Təsdiqlənməyib')}</Badge>
            <Button
              size="sm"
              variant="outline"
              loading={busy}
              onClick={() =>
                void run(
                  startPhoneVerification,
                  t('{phone} nömrəsinə 6 rəqəmli kod göndərildi', { phone: status.phone ?? '' }),
                  t('Kod göndərilə bilmədi'),
                ).then((sent) => sent && setCodeSent(true))
              }
            >
              {codeSent ? t('Yeni kod göndər') : t('SMS kodu göndər')}
            </Button>
          </>
        )}
      </Row>
      {codeSent && status.phone && !status.phoneVerified && (
        <form
          noValidate
          aria-label={t('Telefonun təsdiqi')}
          onSubmit={submitOnce(async (event) => {
            event.preventDefault();
            if (
              await run(
                () => confirmPhoneVerification(code),
                t('Telefon nömrəniz təsdiqləndi'),
                t('Kod yanlışdır'),
              )
            )
              void mutate();
          })}
        >
          <Row $gap={3} $wrap>
            <TextField
              label={t('SMS kodu')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <Button type="submit" loading={submitting || busy}>
              {t('Təsdiqlə')}
            </Button>
          </Row>
        </form>
      )}
    </Section>
  );
}

type PasswordInput = z.input<typeof changePasswordFormSchema>;
type PasswordOutput = z.output<typeof changePasswordFormSchema>;
const PASSWORD_FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;

/** The current password, then the new one; the other sessions end. */
function ChangePassword({ onChanged }: { onChanged: () => void }) {
  const t = useT();
  const { toast } = useToast();
  const { submitOnce, submitting } = useSubmitOnce();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordInput, unknown, PasswordOutput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const onSubmit = async (values: PasswordOutput) => {
    try {
      await changePassword(values);
    } catch (error) {
      toast(errorToast(error, t('Şifrə dəyişdirilə bilmədi')));
      setServerFieldError(error, PASSWORD_FIELDS, setError);
      return;
    }
    reset();
    toast({
      title: t('Şifrə dəyişdirildi'),
      description: t('Digər cihazlardakı sessiyalar bitdi.'),
      variant: 'success',
    });
    onChanged();
  };
  return (
    <Section aria-label={t('Şifrəni dəyiş')}>
      <SectionTitle>{t('Şifrəni dəyiş')}</SectionTitle>
      <form noValidate onSubmit={submitOnce(handleSubmit(onSubmit))} aria-label={t('Şifrəni dəyiş')}>
        <Stack $gap={4}>
          <TextField
            label={t('Cari şifrə')}
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <NewPasswordFields
            password={register('password')}
            confirmPassword={register('confirmPassword')}
            errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
          />
          <Row>
            <Button type="submit" loading={submitting}>
              {t('Şifrəni dəyiş')}
            </Button>
          </Row>
        </Stack>
      </form>
    </Section>
  );
}

/** The live sessions, and the end of all of them. */
function Sessions() {
  const t = useT();
  const { toast } = useToast();
  const { sessions, mutate } = useSessions();
  const signedOut = useSignedOut();
  const [busy, setBusy] = useState(false);
  const everywhere = async () => {
    setBusy(true);
    try {
      await signOutEverywhere();
    } catch (error) {
      toast(errorToast(error, t('Çıxış zamanı xəta')));
      setBusy(false);
      return;
    }
    toast({ title: t('Bütün cihazlardan çıxış edildi'), variant: 'success' });
    await signedOut();
  };
  return (
    <Section aria-label={t('Aktiv sessiyalar')}>
      <SectionTitle>{t('Aktiv sessiyalar')}</SectionTitle>
      <Stack as="ul" $gap={2} style={{ padding: 0, margin: 0 }}>
        {sessions.map((s) => (
          <SessionItem key={s.id}>
            <span>{s.device ?? t('Naməlum cihaz')}</span>
            <Muted>
              {formatDateTime(s.createdAt)} {s.current && <Badge $tone="primary">{t('Bu cihaz')}</Badge>}
            </Muted>
          </SessionItem>
        ))}
      </Stack>
      <Row $gap={3} $wrap>
        <Button variant="outline" onClick={() => void mutate()}>
          {t('Yenilə')}
        </Button>
        <Button variant="danger" loading={busy} onClick={() => void everywhere()}>
          {t('Bütün cihazlardan çıx')}
        </Button>
      </Row>
    </Section>
  );
}

type DeleteInput = z.input<typeof deleteAccountRequestSchema>;
type DeleteOutput = z.output<typeof deleteAccountRequestSchema>;

/** Deletion after a confirmation with the password (privacy policy: archived 30 days, then deleted). */
function DeleteAccount() {
  const t = useT();
  const { toast } = useToast();
  const signedOut = useSignedOut();
  const [open, setOpen] = useState(false);
  const { submitOnce, submitting } = useSubmitOnce();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeleteInput, unknown, DeleteOutput>({
    resolver: zodResolver(deleteAccountRequestSchema),
    defaultValues: { password: '' },
  });
  const onSubmit = async (values: DeleteOutput) => {
    try {
      await deleteAccount(values.password);
    } catch (error) {
      toast(errorToast(error, t('Hesab silinə bilmədi')));
      setServerFieldError(error, ['password'] as const, setError);
      return;
    }
    setOpen(false);
    toast({
      title: t('Hesabınız silindi'),
      description: t('Elanlarınız artıq görünmür.'),
      variant: 'success',
    });
    await signedOut();
  };
  return (
    <Section aria-label={t('Hesabı sil')}>
      <SectionTitle>{t('Hesabı sil')}</SectionTitle>
      <Muted>
        {t(
          'Hesab silinəndə dərhal bütün cihazlardan çıxış edilir və elanlarınız siyahılardan yox olur. Məxfilik siyasətinə görə məlumatlarınız 30 gün arxivdə saxlanılır, sonra birdəfəlik silinir.',
        )}
      </Muted>
      <Row>
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t('Hesabı sil')}
        </Button>
      </Row>
      <Modal open={open} onClose={() => setOpen(false)} title={t('Hesabı silmək istəyirsiniz?')}>
        <form noValidate onSubmit={submitOnce(handleSubmit(onSubmit))} aria-label={t('Hesabın silinməsi')}>
          <Stack $gap={4}>
            <Alert $tone="danger">
              <p>{t('Bu əməliyyat geri qaytarıla bilməz. Təsdiq üçün şifrənizi daxil edin.')}</p>
            </Alert>
            <TextField
              label={t('Şifrə')}
              type="password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...register('password')}
            />
            <Row $gap={3} $justify="flex-end">
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {t('Ləğv et')}
              </Button>
              <Button type="submit" variant="danger" loading={submitting}>
                {t('Hesabı birdəfəlik sil')}
              </Button>
            </Row>
          </Stack>
        </form>
      </Modal>
    </Section>
  );
}

/** The profile's security tab (issue 15). */
export function AccountSecurity() {
  const { mutate } = useSessions();
  return (
    <Stack $gap={2}>
      <Verification />
      <ChangePassword onChanged={() => void mutate()} />
      <Sessions />
      <DeleteAccount />
    </Stack>
  );
}
