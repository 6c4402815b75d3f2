// One file naming one jobCode twice: a copied spreadsheet row keeps its code, and two jobs of one
// code are two jobs `jobs apply` cannot tell apart. Said the same by `jobs create --file` and
// `jobs apply` (docs/decisions.md, "The same jobCode twice in one file").

/** What is said of the later item or row of a code that `where` (`row 2`, `item 0`) has first. */
export function sameCodeMessage(code: string, where: string): string {
  return `"${code}" is also the jobCode of ${where}; each job needs a code of its own`;
}
