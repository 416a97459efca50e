import { ApiError, apiGet, apiRequest, errorMessage, serverMessage } from './api-client';
import { z } from 'zod';
import { mockApi } from '../test/mock-api';

describe('api client (spec §7, §8)', () => {
  it('sends JSON bodies with credentials included', async () => {
    const { calls } = mockApi({ 'POST /api/thing': { status: 201, body: { ok: true } } });
    await expect(apiRequest('POST', '/api/thing', { body: { a: 1 } })).resolves.toEqual({ ok: true });
    expect(calls[0]).toMatchObject({ method: 'POST', body: { a: 1 }, credentials: 'include' });
    expect(calls[0]!.headers['Content-Type']).toBe('application/json');
  });

  it('includes credentials on GET too', async () => {
    const { calls } = mockApi({ 'GET /api/thing': { body: [] } });
    await apiGet('/api/thing', z.array(z.unknown()));
    expect(calls[0]!.credentials).toBe('include');
  });

  it('a non-OK answer throws "<status>: <body text>"', async () => {
    mockApi({
      'POST /api/thing': {
        status: 409,
        body: { message: 'Bu istifadəçi adı artıq istifadə olunur', field: 'username' },
      },
    });
    const error = await apiRequest('POST', '/api/thing', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(
      '409: {"message":"Bu istifadəçi adı artıq istifadə olunur","field":"username"}',
    );
    expect((error as ApiError).serverMessage).toBe('Bu istifadəçi adı artıq istifadə olunur');
    expect((error as ApiError).field).toBe('username');
  });

  it('uses the status text when the body is empty', async () => {
    mockApi({ 'GET /api/thing': { status: 500, text: '' } });
    await expect(apiRequest('GET', '/api/thing')).rejects.toThrow('500: Internal Server Error');
  });

  it('keeps a plain-text body as it is', async () => {
    mockApi({ 'GET /api/thing': { status: 502, text: 'Bad gateway' } });
    await expect(apiRequest('GET', '/api/thing')).rejects.toThrow('502: Bad gateway');
  });

  it('a 401 is an error unless the query asks for null', async () => {
    mockApi({ 'GET /api/user': { status: 401, body: { message: 'Giriş tələb olunur' } } });
    await expect(apiGet('/api/user', z.unknown())).rejects.toThrow('401: {"message":"Giriş tələb olunur"}');
    await expect(apiGet('/api/user', z.unknown(), 'null')).resolves.toBeNull();
  });

  it('serverMessage falls back when the server said nothing usable', () => {
    expect(
      serverMessage(new ApiError(500, '', 'Internal Server Error'), 'Elan yaradılarkən xəta baş verdi'),
    ).toBe('Elan yaradılarkən xəta baş verdi');
    expect(serverMessage(new ApiError(400, '{"message":"Başlıq ən azı 5 simvol olmalıdır"}', ''), 'x')).toBe(
      'Başlıq ən azı 5 simvol olmalıdır',
    );
    expect(errorMessage(new ApiError(503, '', 'Service Unavailable'), 'x')).toBe('503: Service Unavailable');
  });
});
