export interface BuildInfo {
  version: string;
  commit: string;
  date: string;
  /** `recruit <version> (commit <sha>, <date>)`: the first line of `recruit --version`. */
  line: string;
}
export function buildInfo(env?: NodeJS.ProcessEnv): BuildInfo;
