export function cacheRoot(env?: NodeJS.ProcessEnv): string;
export function nodeFromNpm(version: string, options?: { platform?: string; arch?: string }): string;
