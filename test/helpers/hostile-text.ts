// Pieces of text that break naive spreadsheet writers and readers: formula starts (OWASP's = + - @,
// tab, CR), quotes and separators, line breaks, joiners and direction marks, CJK, combining marks,
// C0 controls and DEL, text that looks like OOXML's own escape or like XML, a BOM. Joined at random
// by property tests.
export const HOSTILE_PIECES: readonly string[] = [
  "'", '=', '+', '-', '@', '\t', '\r', '\n', '\r\n', '"', ',', ';', ' ',
  '\u200c', '\u200d', '👩\u200d💻', '\u200f', '\u200e', '東京', 'e\u0301', 'Zürich',
  '\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u001f', '\u007f', '\u0085',
  '_x0041_', '_x005F_', '_x', '&lt;', '&amp;', '<b>', ']]>', '\ufeff', 'word',
];
