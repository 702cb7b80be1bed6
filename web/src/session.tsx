import { type ComponentChildren, createContext } from 'preact';
import { useCallback, useContext, useEffect, useState } from 'preact/hooks';
import { auth, type User } from './api.js';

interface SessionState {
  /** undefined while the first /me is on its way. */
  user: User | null | undefined;
  refresh: () => Promise<void>;
  notice: string | null;
  /** A message shown once at the top of the next page (after a redirect, say). */
  setNotice: (text: string | null) => void;
}

const SessionContext = createContext<SessionState>({
  user: undefined,
  refresh: async () => undefined,
  notice: null,
  setNotice: () => undefined,
});

export function SessionProvider({ children }: { children: ComponentChildren }) {
  const [user, setUser] = useState<User | null | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = useCallback(async () => {
    try {
      const answer = await auth.me();
      setUser(answer.user ?? null);
    } catch {
      setUser(null);
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return (
    <SessionContext.Provider value={{ user, refresh, notice, setNotice }}>{children}</SessionContext.Provider>
  );
}

export const useSession = () => useContext(SessionContext);
