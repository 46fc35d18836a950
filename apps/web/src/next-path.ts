// Where to go after signing in: kept in local storage while the sign-in link is on its way (the
// mail may open it in another tab), and only ever a path inside the app.
export const NEXT_KEY = 'after-sign-in';

/**
 * An in-app path only: never another site (`//host`, `/\host`) or a scheme. The app's start (`/`)
 * and the sign-in screen are no destination: the start screen decides where to go by itself, and
 * sending a person back to it after signing in would show nothing.
 */
export function safeNext(next: string | null | undefined): string | undefined {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return undefined;
  const path = next.split(/[?#]/, 1)[0] ?? '';
  return path === '/' || path === '/sign-in' || path.startsWith('/sign-in/') ? undefined : next;
}

export function keepNext(next: string | undefined): void {
  if (next) localStorage.setItem(NEXT_KEY, next);
  else localStorage.removeItem(NEXT_KEY);
}

export function takeNext(): string | undefined {
  return safeNext(localStorage.getItem(NEXT_KEY));
}

export function forgetNext(): void {
  localStorage.removeItem(NEXT_KEY);
}
