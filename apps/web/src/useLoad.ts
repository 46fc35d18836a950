// Reads one resource for a screen: its data, an error to show, and a reload after a change. A
// 401 means the session ended elsewhere: the app goes back to sign-in.
import { useCallback, useEffect, useState } from 'react';
import { ApiError, api } from './api';
import { useSession } from './session';

export interface Loaded<T> {
  data: T | undefined;
  error: string;
  reload: () => Promise<void>;
}

export function useLoad<T>(path: string | null): Loaded<T> {
  const { signedOut } = useSession();
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState('');
  const reload = useCallback(async () => {
    if (!path) return;
    try {
      setData(await api<T>(path));
      setError('');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) signedOut();
      else setError(err instanceof ApiError ? err.detail : String(err));
    }
  }, [path, signedOut]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, reload };
}
