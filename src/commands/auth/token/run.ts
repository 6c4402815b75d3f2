// `recruit auth token`: the token in effect (RECRUIT_TOKEN, else the profile's), on stdout and
// nowhere else. It sends nothing, so --verbose has no request to log.
import type { Uses } from '../../../context/context.js';
import { CliError, UsageError } from '../../../core/errors.js';
import { EXIT } from '../../../core/exit-codes.js';

export default async function token(ctx: Uses<'io' | 'globals' | 'settings'>): Promise<void> {
  if (ctx.globals.sandbox) {
    throw new UsageError('the embedded sandbox lives only as long as one command: its token is of no use to another program', [], 'call it through `recruit --sandbox api <path>`');
  }
  const s = ctx.settings();
  if (s.token === undefined) {
    const reason = s.tokenWithheldFrom
      ? `profile "${s.profile}" has a token for another host than ${s.tokenWithheldFrom}`
      : `no token for profile "${s.profile}"`;
    throw new CliError(`not logged in: ${reason}`, EXIT.AUTH, 'not_logged_in', [], 'run `recruit auth login` or set RECRUIT_TOKEN');
  }
  ctx.io.stdout.write(`${s.token}\n`);
}
