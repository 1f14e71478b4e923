/** The access token lives in the browser's local storage under 'access_token' (the spec's "logged in"). */
export const ACCESS_TOKEN_KEY = 'access_token';

export const tokenStore = {
  get(): string | null {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  },
  set(token: string): void {
    localStorage.setItem(ACCESS_TOKEN_KEY, token);
  },
  clear(): void {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
  },
};

/** Session storage key set while the tab's session was started by a login link (the forgot-password path). */
export const LINK_SESSION_KEY = 'link_session';

/**
 * Remembers, for this tab only, that the session came from a login link, so the shell can ask the
 * user to set a new password (the server accepts one without the current password for a while).
 */
export const linkSessionStore = {
  isMarked(): boolean {
    return typeof sessionStorage !== 'undefined' && sessionStorage.getItem(LINK_SESSION_KEY) === '1';
  },
  mark(): void {
    sessionStorage.setItem(LINK_SESSION_KEY, '1');
  },
  clear(): void {
    sessionStorage.removeItem(LINK_SESSION_KEY);
  },
};
