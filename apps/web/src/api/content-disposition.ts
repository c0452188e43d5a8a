/** File responses are saved under the content-disposition filename, else this (§7). */
export const DEFAULT_FILE_NAME = 'defaultName.xls';

function baseName(name: string): string {
  return name.split(/[\\/]/).pop()?.trim() ?? '';
}

/** `filename*=UTF-8''…` (RFC 6266 / 5987) wins over `filename=`; quoted or bare values. */
export function filenameFromContentDisposition(header: string | null | undefined): string {
  if (!header) return DEFAULT_FILE_NAME;

  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const m = /^([\w!#$%&+^`{}~-]*)'[^']*'(.*)$/.exec(extended.replace(/^"(.*)"$/, '$1'));
    if (m) {
      const [, charset = '', encoded = ''] = m;
      try {
        const decoded =
          charset.toLowerCase() === 'iso-8859-1'
            ? encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
            : decodeURIComponent(encoded);
        const name = baseName(decoded);
        if (name) return name;
      } catch {
        // malformed percent-encoding: fall back to the plain filename parameter
      }
    }
  }

  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(header);
  const value = plain?.[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain?.[2]?.trim();
  const name = value ? baseName(value) : '';
  return name || DEFAULT_FILE_NAME;
}
