// The keyring for real: the built CLI logs in, works and logs out against a Secret Service (GNOME
// Keyring in a D-Bus session of its own), where the machine has one to start; skipped, saying why,
// where it has not (.ci/run installs dbus and gnome-keyring).
import { spawnSync } from 'node:child_process';
import { spawnCollect } from '../helpers/spawn.js';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { useSandbox } from '../helpers/sandbox.js';

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter((c) => !has(c));
const TOKEN = 'sbx_direct_full';

describe.skipIf(missing.length > 0)(`the Secret Service keyring${missing.length > 0 ? ` (skipped: ${missing.join(' and ')} not installed)` : ''}`, () => {
  const sandbox = useSandbox();
  beforeAll(() => ensureFreshBuild(), 120_000);

  it('holds the token from auth login to auth logout; the config file never does', async () => {
    const home = mkdtempSync(join(tmpdir(), 'recruit-secret-service-'));
    const recruit = `"${process.execPath}" "${BIN}"`;
    // One D-Bus session for the whole story: the keyring daemon lives as long as it does.
    const script = [
      'printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1',
      `printf '%s\\n' "$TOKEN_IN" | ${recruit} --base-url "$BASE" auth login --with-token; echo "exit=$?"`,
      `cp "$RECRUIT_CONFIG_DIR/config.json" "$HOME/config-after-login.json"`,
      `${recruit} auth status --json; echo "exit=$?"`,
      `${recruit} auth token; echo "exit=$?"`,
      `${recruit} auth logout; echo "exit=$?"`,
      `${recruit} auth token; echo "exit=$?"`,
    ].join('\n');
    const env: NodeJS.ProcessEnv = {
      // The test setup turns the keyring off for every other test.
      RECRUIT_KEYRING: undefined,
      RECRUIT_TOKEN: undefined,
      HOME: home,
      XDG_DATA_HOME: join(home, 'data'),
      XDG_RUNTIME_DIR: home,
      RECRUIT_CONFIG_DIR: join(home, 'config'),
      RECRUIT_STATE_DIR: join(home, 'state'),
      NO_COLOR: '1',
      BASE: sandbox.current.baseUrl,
      TOKEN_IN: TOKEN,
    };
    // Not spawnSync: the sandbox answers from this process.
    const run = await spawnCollect('dbus-run-session', ['--', 'sh', '-c', script], { env, timeoutMs: 60_000 }).done;
    const out = run.stdout;
    expect(out, run.stderr).toContain(`Logged in to ${sandbox.current.baseUrl} as profile default; token stored in the Secret Service keyring\nexit=0`);
    const config = readFileSync(join(home, 'config-after-login.json'), 'utf8');
    expect(config).not.toContain(TOKEN);
    expect(JSON.parse(config).profiles.default.tokenStorage).toBe('keyring');
    expect(out).toContain('"tokenStoredIn": "the Secret Service keyring"');
    expect(out).toContain(`${TOKEN}\nexit=0`);
    expect(out).toContain('Logged out of profile default: token removed from the Secret Service keyring; base URL kept\nexit=0');
    expect(out).toMatch(/exit=3\s*$/);
  });
});
