import { renderHook, waitFor } from '@testing-library/react';
import { mockApi, testUser } from '../../../test/mock-api';
import { TestProviders as wrapper } from '../../../test/render';
import { getUser, useUser } from './get-user';

describe('GET /api/user', () => {
  it('a 401 means no user (null), not an error', async () => {
    mockApi({ 'GET /api/user': { status: 401, body: { message: 'Giriş tələb olunur' } } });
    await expect(getUser()).resolves.toBeNull();
    const { result } = renderHook(() => useUser(), { wrapper });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user).toBeNull();
    expect(result.current.error).toBeUndefined();
  });

  it('returns the client-side user', async () => {
    mockApi({ 'GET /api/user': { body: { ...testUser, extra: 'ignored' } } });
    const { result } = renderHook(() => useUser(), { wrapper });
    await waitFor(() => expect(result.current.user).toEqual(testUser));
  });

  it('other failures are errors, with the "<status>: <text>" message, and are not retried', async () => {
    const { calls } = mockApi({ 'GET /api/user': { status: 500, text: 'boom' } });
    await expect(getUser()).rejects.toThrow('500: boom');
    const { result } = renderHook(() => useUser(), { wrapper });
    await waitFor(() => expect(result.current.error?.message).toBe('500: boom'));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(2);
  });

  it('two components asking at once share one request (dedupe)', async () => {
    const { calls } = mockApi({ 'GET /api/user': { body: testUser } });
    const { result } = renderHook(() => [useUser(), useUser()], { wrapper });
    await waitFor(() => expect(result.current[1]!.user).toEqual(testUser));
    expect(calls).toHaveLength(1);
  });
});
