export const VERSION: string = __RECRUIT_VERSION__;

/**
 * What `recruit --version` prints: the build (version, commit, the commit's date; build-info.mjs)
 * and the Node.js running it. bin/recruit.js prints the same for a lone `--version` without
 * loading the bundle (test/cli/version.test.ts holds the two together).
 */
export function versionText(): string {
  return `${__RECRUIT_BUILD_LINE__}\nNode.js ${process.version}, ${process.platform}-${process.arch}`;
}

/** The date of the commit the build is from (YYYY-MM-DD): the date of the man pages. */
export const BUILD_DATE: string = __RECRUIT_BUILD_DATE__;
