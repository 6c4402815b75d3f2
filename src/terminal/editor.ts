// The user's text editor, as git, gh and kubectl start it: $VISUAL, else $EDITOR, else notepad on
// Windows and vi elsewhere; started as the user's shell would (user-command.ts: through cmd.exe on
// Windows, where editors are .cmd files), on the terminal, and waited for.
import { spawnUserCommand } from './user-command.js';

export function editorLine(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string {
  return (env.VISUAL || env.EDITOR || '').trim() || (platform === 'win32' ? 'notepad' : 'vi');
}

/** Opens `file` in the editor and resolves once the editor has exited (rejects when it fails). */
export function openEditor(file: string, env: NodeJS.ProcessEnv): Promise<void> {
  const line = editorLine(env);
  return new Promise((resolve, reject) => {
    const child = spawnUserCommand(line, [file], { stdio: 'inherit', env });
    child.once('error', (error) => reject(new Error(`could not start the editor "${line}": ${(error as NodeJS.ErrnoException).code ?? error.message}; set VISUAL or EDITOR`)));
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`the editor "${line}" ended with ${signal ?? `exit ${code}`}; nothing was changed`));
    });
  });
}

/**
 * `text` in the editor, in a file of its own (readable by the user only, under a fresh temporary
 * directory removed afterwards): the text as the editor left it.
 */
export async function editInEditor(text: string, env: NodeJS.ProcessEnv, name: string): Promise<string> {
  const { mkdtempSync, readFileSync, rmSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = mkdtempSync(join(tmpdir(), 'recruit-edit-'));
  try {
    const file = join(dir, name);
    writeFileSync(file, text, { mode: 0o600 });
    await openEditor(file, env);
    return readFileSync(file, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
