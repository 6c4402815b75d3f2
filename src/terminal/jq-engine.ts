// jq-web's module, alone in a file that jq.ts imports when --jq is given. Its exports are a promise
// of jq, which neither import() nor an import statement can take as they are (a module namespace
// that looks like a promise is taken for one, and fails): so it is required, as CommonJS. The
// bundle's chunks are CommonJS, and vitest gives each module a require too. It stays outside the
// bundle (esbuild.config.mjs), beside the jq.wasm it reads.
export interface JqWeb {
  raw(json: string, filter: string, flags?: string[]): string;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
export const jqWeb = (): Promise<JqWeb> => require('jq-web') as Promise<JqWeb>;
