/**
 * Which list columns a user has hidden, per resource, kept in localStorage (a display preference
 * of this browser, not part of the session). Unknown or unreadable entries mean "all shown".
 */
const storageKey = (resource: string) => `paydesk.columns.${resource}`;

export function readHiddenColumns(resource: string): string[] {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey(resource));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function writeHiddenColumns(resource: string, hidden: string[]): void {
  try {
    if (hidden.length) globalThis.localStorage?.setItem(storageKey(resource), JSON.stringify(hidden));
    else globalThis.localStorage?.removeItem(storageKey(resource));
  } catch {
    // Storage full or blocked: the choice lasts for this page only.
  }
}
