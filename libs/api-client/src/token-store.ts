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
