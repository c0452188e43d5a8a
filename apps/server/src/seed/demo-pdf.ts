/**
 * A one-page PDF of a few lines of text, for the demo's KYC documents: a real PDF (the document
 * upload checks the magic bytes, and a viewer opens it), A4, Helvetica, with its cross-reference
 * table. Text is printed as ASCII: any other character becomes '?'.
 */

/**
 * The bytes of a one-page PDF showing `lines` (title first, larger). Deterministic: the same
 * lines give the same bytes.
 */
export function demoPdf(lines: readonly string[]): Buffer {
  const text = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
  const content = [
    'BT', '/F1 16 Tf', '72 770 Td', `(${text(lines[0] ?? '')}) Tj`, '/F1 11 Tf',
    ...lines.slice(1).flatMap((l) => ['0 -22 Td', `(${text(l)}) Tj`]), 'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((n) => `${String(n).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
