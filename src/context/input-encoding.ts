// The encoding input files are read in: --encoding, else RECRUIT_ENCODING, else the profile's
// `encoding`, else `auto` (docs/reference/settings.md). Checked before any file is read or anything
// sent: a name iconv-lite does not know is exit 2, naming where it was given. `auto` loads nothing.
import type { Uses } from './context.js';
import { checkEncoding, type EncodingChoice } from '../terminal/text-input.js';

export async function inputEncoding(ctx: Uses<'settings'>, flag: string | undefined): Promise<EncodingChoice> {
  if (flag !== undefined) return checkEncoding({ name: flag.trim(), where: '--encoding' });
  const s = ctx.settings();
  const where = s.encodingSource === 'env' ? 'RECRUIT_ENCODING' : s.encodingSource === 'profile' ? `encoding in profile "${s.profile}"` : 'default';
  return checkEncoding({ name: s.encoding, where });
}
