// Jobs whose text a spreadsheet or a terminal would take for something else, for the round trips of
// test/cli/round-trip.test.ts and test/cli/resave-round-trip.test.ts.

/** Titles (and a code or a location where told) that a spreadsheet or a terminal would take for something else. */
export const HOSTILE: Array<{ title: string; jobCode?: string; location?: string; description?: string }> = [
  { title: "'=1+1 literal apostrophe" },
  { title: "'-5 degrees job" },
  { title: "'@SUM(1)" },
  { title: "''two apostrophes" },
  { title: "'plain apostrophe" },
  { title: '=HYPERLINK("http://x","y")' },
  { title: '+49 hotline' },
  { title: '-5 degrees' },
  { title: '@mention' },
  { title: '\tleading tab' },
  { title: 'trailing tab\t' },
  { title: '"Quoted", with a comma' },
  { title: 'ZWNJ می\u200cخواهم' },
  { title: 'ZWJ 👩\u200d💻 emoji' },
  { title: 'RLM \u200fעברית\u200e LRM' },
  { title: 'CJK 数据工程师' },
  { title: 'combining e\u0301 and a\u0308' },
  { title: 'C0 \u0001 \u0007 \u001b[31m red' },
  { title: '="00042"' },
  { title: '00042 text', jobCode: '00042' },
  { title: 'code 007', jobCode: '007' },
  { title: 'a location with lines', location: 'Austin,\nTX, USA\r\nline three\rfour' },
  { title: 'a description with a CR', description: `${'word '.repeat(110)}\r\nend\r` },
  { title: '1/2', jobCode: '3-4' },
];
