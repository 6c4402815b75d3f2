// UTF-8 byte by byte, for the input decoder (text-input.ts) and the survey of a file that is not
// valid UTF-8 (byte-survey.ts): which sequences are valid, and which bytes at a chunk's end may
// start one that the next chunk completes.

/** How many bytes at the end of `bytes` may start a UTF-8 sequence that the next chunk completes. */
export function openTail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if (byte < 0x80) return 0;
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return length > back ? back : 0;
    }
  }
  return 0;
}

/** The length of the valid UTF-8 sequence at `i`, or 0. */
export function sequenceAt(bytes: Uint8Array, i: number): number {
  const lead = bytes[i]!;
  if (lead < 0x80) return 1;
  const cont = (k: number) => k < bytes.length && (bytes[k]! & 0xc0) === 0x80;
  if (lead >= 0xc2 && lead <= 0xdf) return cont(i + 1) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    const second = bytes[i + 1];
    if (second === undefined || (lead === 0xe0 && second < 0xa0) || (lead === 0xed && second > 0x9f)) return 0;
    return cont(i + 1) && cont(i + 2) ? 3 : 0;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    const second = bytes[i + 1];
    if (second === undefined || (lead === 0xf0 && second < 0x90) || (lead === 0xf4 && second > 0x8f)) return 0;
    return cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0;
  }
  return 0;
}
