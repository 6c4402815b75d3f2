// `recruit config set <key> <value>`: its arguments, help and examples.
import { examples, type Lazy, type Parent } from '../../define.js';

export function addConfigSet(config: Parent, lazy: Lazy): void {
  config
    .command('set <key> <value>')
    .description('save a setting in the profile: base-url, account-type (direct|staffing|auto), concurrency, active-job-limit, proxy, no-proxy, ca-file, encoding')
    .addHelpText(
      'after',
      examples(['recruit config set base-url https://api.example.com/v1', 'recruit config set account-type staffing', 'recruit config set concurrency 8', 'recruit config set proxy http://proxy.example.com:3128', 'recruit config set ca-file ~/company-ca.pem', 'recruit config set encoding windows-1250']),
    )
    .action(lazy(() => import('./run.js')));
}
