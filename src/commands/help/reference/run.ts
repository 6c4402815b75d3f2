// `recruit help reference`: every command in one markdown page on stdout; with --man <dir>, one man
// page per command in <dir>/man1 (the build writes the package's: esbuild.config.mjs).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { BUILD_DATE, VERSION } from '../../../core/version.js';
import type { IO } from '../../../terminal/io.js';
import { manualPages } from './manual.js';
import { HELP_TOPICS, type HelpTopic } from '../topic-index.js';
import { topicText } from '../topics.js';
import { markdownReference } from './markdown.js';
import { pageName, roffPage } from './roff.js';

export default function reference(io: IO, root: Command, options: { man?: string }): void {
  const topics = new Set<string>(HELP_TOPICS.map((t) => t.name));
  const pages = manualPages(root, (path) => (path.length === 3 && path[1] === 'help' && topics.has(path[2]!) ? topicText(path[2] as HelpTopic) : undefined));
  if (options.man === undefined) {
    io.stdout.write(markdownReference(pages));
    return;
  }
  const dir = join(options.man, 'man1');
  mkdirSync(dir, { recursive: true });
  // A page of a command that is gone must not stay behind.
  for (const old of readdirSync(dir)) if (/^recruit.*\.1$/.test(old)) rmSync(join(dir, old));
  for (const page of pages) writeFileSync(join(dir, `${pageName(page)}.1`), roffPage(page, VERSION, BUILD_DATE));
  io.stdout.write(`wrote ${pages.length} man pages to ${dir}\n`);
}
