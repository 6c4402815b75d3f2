// Types of eslint.layers.js, for the test that keeps docs/architecture.md and the rule together.
export interface Layer {
  name: string;
  folders: string[];
  files?: string[];
  island?: boolean;
  alsoFrom?: string[];
  entry?: string;
}
export const LAYERS: Layer[];
export function layerOf(file: string): (Layer & { rank: number }) | undefined;
export function layerViolation(from: string, to: string): string | undefined;
export function importGraph(root: string): Map<string, string[]>;
export function cycleThrough(graph: Map<string, string[]>, file: string, target: string): string[] | undefined;
export function cyclesOf(root: string, graph?: Map<string, string[]>): Map<string, string[]>;
export const layersPlugin: unknown;
