// The test editor (editor-script.cjs) as a command line for EDITOR, with the steps it takes one
// per start, and what it saw each time.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./editor-script.cjs', import.meta.url));

export interface EditStep {
  replace?: Array<[string, string]>;
  write?: string;
  keep?: true;
  fail?: number;
  /** Another person's PATCH of the job, sent over HTTP while the editor is open. */
  other?: { url: string; token: string; body: Record<string, unknown> };
}

export interface ScriptedEditor {
  /** EDITOR (and VISUAL unset) and the steps' file, for the command's environment. */
  env: NodeJS.ProcessEnv;
  /** The text the editor was given on its n-th start (from 0). */
  seen: (n: number) => string;
  /** How many times the editor was started. */
  runs: () => number;
}

export function scriptedEditor(steps: EditStep[]): ScriptedEditor {
  const dir = mkdtempSync(join(tmpdir(), 'recruit-editor-'));
  const stepsFile = join(dir, 'steps.json');
  writeFileSync(stepsFile, JSON.stringify(steps));
  return {
    env: { EDITOR: `"${process.execPath}" "${SCRIPT}"`, VISUAL: undefined, EDIT_STEPS: stepsFile },
    seen: (n) => readFileSync(`${stepsFile}.seen-${n}`, 'utf8'),
    runs: () => (existsSync(`${stepsFile}.count`) ? Number(readFileSync(`${stepsFile}.count`, 'utf8')) : 0),
  };
}
