/** The readable session cookies the server sets (§3): the HttpOnly `token` is not among them. */
export const COOKIE_PERMISSIONS = 'modulePermission';
export const COOKIE_XSRF = 'XSRF-TOKEN';

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

/** Expires the readable session cookies (the server clears `token` itself). */
export function clearSessionCookies(): void {
  if (typeof document === 'undefined') return;
  for (const name of [COOKIE_PERMISSIONS, COOKIE_XSRF]) {
    document.cookie = `${name}=; Max-Age=0; path=/; SameSite=Strict`;
  }
}
