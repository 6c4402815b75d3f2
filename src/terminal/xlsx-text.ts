// Text in a workbook cell. XML 1.0 cannot carry most C0 controls (U+0000-U+0008, U+000B, U+000C,
// U+000E-U+001F), nor U+FFFE, U+FFFF or a lone surrogate, and an XML reader turns a carriage
// return into a line feed. OOXML's own escape for them is `_xHHHH_` (ECMA-376 Part 1, 22.9.2.19
// ST_Xstring), which Excel and LibreOffice write and read: a writer escapes them so, and a `_`
// that starts text looking like an escape is itself written `_x005F_`, so that every text reads
// back as it was (docs/decisions.md, "Workbooks"). The reader undoes it with decodeXlsxText, in
// shared strings, inline strings and a formula's text result alike.

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|_(?=x[0-9a-fA-F]{4}_)/g;

const hex = (code: number) => `_x${code.toString(16).toUpperCase().padStart(4, '0')}_`;

/** A cell's text as the workbook stores it (DEL too: the writer's XML encoder drops it). */
export function escapeXlsxText(text: string): string {
  return text.replace(UNSAFE, (c) => hex(c.charCodeAt(0)));
}

const ESCAPE = /_x([0-9a-fA-F]{4})_/g;

/** A cell's text as stored in the workbook, its `_xHHHH_` escapes undone (`_x005F_` is a literal `_`). */
export function decodeXlsxText(stored: string): string {
  return stored.includes('_x') ? stored.replace(ESCAPE, (_, code: string) => String.fromCharCode(parseInt(code, 16))) : stored;
}
