// What a parsed answer costs in memory goes by how many values it holds far more than by its
// bytes: 31 MiB of `[{},{},...]`, under the size cap, parse into 10 million objects and took
// `recruit jobs get` to 1.2 GB resident; 55 MB of pages of the smallest jobs took `jobs list
// --all` to 1.2 GB. So answers are counted in values too: an answer may hold one value per 128
// bytes of the size cap (client.ts), one --all 524,288 values in all (paginate.ts).

/**
 * The values of a JSON text, about: its objects and arrays and every value after a comma, that is
 * the characters `{`, `[` and `,` outside strings. Counting stops once past `limit`.
 */
export function countJsonValues(text: string, limit = Infinity): number {
  let count = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b || c === 0x2c) {
      if (++count > limit) return count;
    }
  }
  return count;
}

/** Whether `text` holds more than `limit` values (a text of at most `limit` characters cannot). */
export function holdsMoreValues(text: string, limit: number): boolean {
  return text.length > limit && countJsonValues(text, limit) > limit;
}
