// The rules of a job's text fields that the registry (job-fields.ts) attaches to them, so that the
// CLI (before sending) and the sandbox (on receipt) apply the same ones. Pure functions.

/** Fewest words of a description. */
export const MIN_DESCRIPTION_WORDS = 100;

/** White space as /\s/ sees it, by character code. */
function isSpace(code: number): boolean {
  return (
    code === 32 || (code >= 9 && code <= 13) || code === 160 || code === 5760 || (code >= 8192 && code <= 8202) ||
    code === 8232 || code === 8233 || code === 8239 || code === 8287 || code === 12288 || code === 65279
  );
}

/**
 * Words are runs of non-white-space characters, counted up to `limit`. A loop, not split(): it runs
 * for every batch item, and printable ASCII, the common case, is told apart with one comparison.
 */
export function countWords(text: string, limit = Infinity): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const space = code > 32 ? code >= 127 && isSpace(code) : code === 32 || (code >= 9 && code <= 13);
    if (space) inWord = false;
    else if (!inWord) {
      inWord = true;
      if (++words >= limit) break;
    }
  }
  return words;
}

/** Why a description is refused, or undefined when it has enough words. */
export function descriptionProblem(description: string): string | undefined {
  const words = countWords(description, MIN_DESCRIPTION_WORDS);
  if (words >= MIN_DESCRIPTION_WORDS) return undefined;
  return `has ${words} ${words === 1 ? 'word' : 'words'}; at least ${MIN_DESCRIPTION_WORDS} are required`;
}

const REMOTE_WORDS = new Set(['remote', 'anywhere', 'worldwide', 'global', 'home', 'wfh', 'work from home', 'online']);

/**
 * A full location names at least a city and a country, comma separated ("Austin, TX, USA").
 * Returns the reason it is refused, or undefined when it is acceptable.
 */
export function locationProblem(location: string): string | undefined {
  // Walks the comma-separated parts without splitting: it runs for every batch item.
  let parts = 0;
  let first = '';
  for (let start = 0; ; ) {
    const comma = location.indexOf(',', start);
    const part = (comma === -1 ? location.slice(start) : location.slice(start, comma)).trim();
    if (part === '') return 'has an empty part between commas';
    if (parts++ === 0) first = part;
    if (comma === -1) break;
    start = comma + 1;
  }
  const remote = REMOTE_WORDS.has(first.toLowerCase());
  if (parts < 2) {
    return remote ? 'must be a full location even for a remote job, e.g. "Berlin, Germany"' : 'must name at least a city and a country, e.g. "Austin, TX, USA"';
  }
  if (remote) return 'must start with a city; a remote job still needs a full location, e.g. "Berlin, Germany"';
  return undefined;
}

/** The longest title, in characters: Unicode code points, as JSON Schema's `maxLength` counts them. */
export const MAX_TITLE_CHARACTERS = 200;

/**
 * Unicode code points in `text`: an emoji outside the Basic Multilingual Plane is one character,
 * although a JavaScript string holds it as two UTF-16 units. A lone surrogate counts as one.
 */
export function countCharacters(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

/** Why a title is too long, or undefined. Blank titles are each caller's own check. */
export function titleLengthProblem(title: string): string | undefined {
  const characters = countCharacters(title);
  if (characters <= MAX_TITLE_CHARACTERS) return undefined;
  return `has ${characters} characters; at most ${MAX_TITLE_CHARACTERS} are allowed`;
}

