// "Did you mean ...?" for a name that matches nothing: the closest few names of a lookup list, by
// edit distance (Damerau-Levenshtein, optimal string alignment: a swapped pair of letters is one
// edit), and one message shape for every place that resolves names (flags, batch files, lookups).
// Lists are short (tens to a few thousand names), so a plain dynamic programme is fast enough.

/** Case, surrounding and repeated white space do not matter when names are compared. */
export function normalizeName(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Edits (insert, delete, substitute, swap two neighbours) that turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let before = new Array<number>(b.length + 1).fill(0); // row i-2
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j); // row i-1
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
    }
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * How many edits still count as a typo of a name this long: none up to 2 letters (one edit of "FT"
 * is "PT"), 1 up to 5 letters, then one more per 4 letters, at most 4.
 */
export function typoAllowance(length: number): number {
  if (length <= 2) return 0;
  return Math.min(4, Math.max(1, Math.floor((length - 2) / 4) + 1));
}

export const MAX_SUGGESTIONS = 3;

/**
 * The names of `names` closest to `query`, best first, at most `max`. A name counts when it is
 * within a typo's reach of the query, when its beginning is (the query is a misspelt start of it),
 * or when it contains the query (three letters or more). Typos rank first, then by distance, then
 * the shorter name; a name that differs only in case or spacing is offered alone. Duplicates (the same name in several industries) appear once.
 */
export function closestNames(query: string, names: readonly string[], max = MAX_SUGGESTIONS): string[] {
  const q = normalizeName(query);
  if (q === '') return [];
  const allowance = typoAllowance(q.length);
  const scored = new Map<string, { name: string; rank: number; distance: number }>();
  for (const name of names) {
    const n = normalizeName(name);
    if (n === '' || scored.has(n)) continue;
    const whole = editDistance(q, n);
    let rank: number;
    let distance: number;
    if (whole <= allowance) [rank, distance] = [0, whole];
    else {
      // A misspelt beginning: compare with the start of the name, a letter shorter or longer too.
      const start = Math.min(...[-1, 0, 1].map((extra) => editDistance(q, n.slice(0, Math.max(1, q.length + extra)))));
      if (q.length >= 4 && n.length > q.length && start <= allowance) [rank, distance] = [1, start];
      else if (q.length >= 3 && n.includes(q)) [rank, distance] = [2, n.length - q.length];
      else continue;
    }
    scored.set(n, { name, rank, distance });
  }
  // Only the case differs ("ft" for the code "FT"): that is the one meant.
  const same = [...scored.values()].filter((s) => s.rank === 0 && s.distance === 0);
  return (same.length > 0 ? same : [...scored.values()])
    .sort((x, y) => x.rank - y.rank || x.distance - y.distance || x.name.length - y.name.length || x.name.localeCompare(y.name))
    .slice(0, max)
    .map((s) => s.name);
}

/** `"A"`, `"A" or "B"`, `"A", "B" or "C"`. */
export function quotedChoices(names: readonly string[]): string {
  const quoted = names.map((n) => JSON.stringify(n));
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

/**
 * The one message for a name that matches nothing, e.g.
 * `no industry named "Informaton Technology"; did you mean "Information Technology"?`.
 * `what` is the kind of item ("job function"); `where` narrows it (" in Information Technology (1)").
 */
export function noSuchName(what: string, name: string, names: readonly string[], where = ''): string {
  const close = closestNames(name, names);
  return `no ${what} named ${JSON.stringify(name)}${where}${close.length > 0 ? `; did you mean ${quotedChoices(close)}?` : ''}`;
}

/** The one message for a name that several items have: `"Sales" is ambiguous: 128 Sales (Finance); ...`. */
export function ambiguousName(name: string, candidates: readonly string[], how: string): string {
  return `${JSON.stringify(name)} is ambiguous: ${candidates.join('; ')}; ${how}`;
}
