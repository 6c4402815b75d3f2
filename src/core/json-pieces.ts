// JSON.stringify(value, null, 2), in pieces. A string longer than a mebibyte (an answer may carry
// a 31 MiB title: the largest answer read) comes out in slices of its JSON text, so the text of the
// whole is never one more copy of it: that copy took `jobs get --json` of such an answer near the
// 300 MB of docs/performance.md. A value without such a string is one piece, exactly JSON.stringify's text.

const LONG = 1024 * 1024;

function holdsLong(value: unknown, long: number): boolean {
  if (typeof value === 'string') return value.length > long;
  if (value === null || typeof value !== 'object') return false;
  for (const v of Object.values(value)) if (holdsLong(v, long)) return true;
  return false;
}

/** A string's JSON text, a slice at a time; a surrogate pair stays whole (JSON.stringify escapes a lone half). */
function* stringPieces(value: string, long: number): Generator<string> {
  yield '"';
  for (let at = 0; at < value.length; ) {
    let end = Math.min(at + long, value.length);
    const last = value.charCodeAt(end - 1);
    if (end < value.length && last >= 0xd800 && last <= 0xdbff) end--;
    yield JSON.stringify(value.slice(at, end)).slice(1, -1);
    at = end;
  }
  yield '"';
}

/** For plain data (what JSON.parse makes, and the CLI's own reports); `long` is for tests. */
export function* jsonPieces(value: unknown, indent = '', long = LONG): Generator<string> {
  if (!holdsLong(value, long)) {
    const text = JSON.stringify(value, null, 2);
    yield indent === '' ? text : text.replaceAll('\n', `\n${indent}`);
    return;
  }
  if (typeof value === 'string') return yield* stringPieces(value, long);
  // An object or array that holds a long string somewhere: never empty.
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      yield `${i === 0 ? '[' : ','}\n${inner}`;
      const item: unknown = value[i];
      yield* jsonPieces(item === undefined || typeof item === 'function' ? null : item, inner, long);
    }
    yield `\n${indent}]`;
    return;
  }
  let first = true;
  for (const [key, v] of Object.entries(value as object)) {
    if (v === undefined || typeof v === 'function') continue;
    yield `${first ? '{' : ','}\n${inner}${JSON.stringify(key)}: `;
    yield* jsonPieces(v, inner, long);
    first = false;
  }
  yield `\n${indent}}`;
}
