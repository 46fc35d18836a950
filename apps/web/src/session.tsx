// Who is signed in: `/api/v1/me` read once and shared; protected routes send signed-out people
// to the sign-in screen with the place they wanted to go.
import type { MeOut } from '@invoice-reader/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ApiError, api } from './api';
import { safeNext } from './next-path';

interface SessionState {
  me: MeOut | null | undefined;
  refresh: () => Promise<void>;
  signedOut: () => void;
}

const SessionContext = createContext<SessionState>({
  me: undefined,
  refresh: async () => {},
  signedOut: () => {},
});

export function SessionProvider({ children }: { children: ReactNode }) {
  // undefined: not known yet; null: signed out.
  const [me, setMe] = useState<MeOut | null | undefined>(undefined);
  const refresh = useCallback(async () => {
    try {
      setMe(await api<MeOut>('/api/v1/me'));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) setMe(null);
      else throw err;
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const signedOut = useCallback(() => setMe(null), []);
  return <SessionContext.Provider value={{ me, refresh, signedOut }}>{children}</SessionContext.Provider>;
}

export const useSession = (): SessionState => useContext(SessionContext);

export function RequireSession({ children }: { children: ReactNode }) {
  const { me } = useSession();
  const location = useLocation();
  if (me === undefined) return <p aria-busy="true">…</p>;
  if (me === null) {
    // Back here after signing in; from the app's start, the start decides again.
    const next = safeNext(location.pathname + location.search);
    return <Navigate to={next ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in'} replace />;
  }
  return <>{children}</>;
}
