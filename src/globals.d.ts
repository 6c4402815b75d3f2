/** The package version, inlined by the build (esbuild.config.mjs) and by vitest.config.ts. */
declare const __RECRUIT_VERSION__: string;
