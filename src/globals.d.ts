/** The package version, inlined by the build (esbuild.config.mjs) and by vitest.config.ts. */
declare const __RECRUIT_VERSION__: string;
/** `recruit <version> (commit <sha>, <date>)`, from build-info.mjs. */
declare const __RECRUIT_BUILD_LINE__: string;
/** The date of the commit the build is from (YYYY-MM-DD), from build-info.mjs. */
declare const __RECRUIT_BUILD_DATE__: string;
