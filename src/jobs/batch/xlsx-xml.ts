// A workbook's XML parts read as a stream of events (saxes, loaded only with a workbook): each
// part's inflated bytes are decoded as UTF-8 across chunk ends and handed to the parser a chunk at a
// time, so no part is ever held whole. Elements and attributes are matched by their local name, so
// that a prefix (`<x:row>`) or strict OOXML's own namespace (ECMA-376 Part 1, "Strict") reads the same.
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import { UsageError } from '../../core/errors.js';
import { partChunks, type WorkbookZip } from './xlsx-zip.js';

export type Attributes = Readonly<Record<string, string>>;

export interface XmlHandlers {
  open?(name: string, attributes: Attributes): void;
  text?(text: string): void;
  close?(name: string): void;
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** An attribute by its local name (`r:id` is `id`); one without a prefix first. */
export function attribute(attributes: Attributes, name: string): string | undefined {
  if (name in attributes) return attributes[name];
  for (const key in attributes) if (local(key) === name) return attributes[key];
  return undefined;
}

/** `hidden="1"` as Excel and openpyxl write it, `hidden="true"` as LibreOffice does. */
export const isTrue = (value: string | undefined) => value === '1' || value === 'true';

/**
 * Parses part `name` of the workbook, calling `handlers` with local names; yields after each chunk,
 * so that a caller can hand on what the handlers gathered. A part that is not there yields nothing.
 */
export async function* parsePart(zip: WorkbookZip, name: string, display: string, handlers: XmlHandlers): AsyncGenerator<void> {
  const part = zip.parts.get(name);
  if (!part) return;
  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.on('opentag', (tag) => handlers.open?.(local(tag.name), tag.attributes as Attributes));
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  parser.on('closetag', (tag) => handlers.close?.(local(tag.name)));
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of partChunks(zip.path, part)) {
      parser.write(decoder.write(chunk));
      yield;
    }
    parser.write(decoder.end());
    parser.close();
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--file ${display} is not a workbook that can be read: its part ${name} is damaged (${(error as Error).message})`, [], 'save it again from the spreadsheet as "Excel Workbook (.xlsx)"; nothing was sent');
  }
  yield;
}

/** Parses a whole part (one that is small, or whose handlers keep what they need). */
export async function readPart(zip: WorkbookZip, name: string, display: string, handlers: XmlHandlers): Promise<void> {
  for await (const _ of parsePart(zip, name, display, handlers)) void _;
}
