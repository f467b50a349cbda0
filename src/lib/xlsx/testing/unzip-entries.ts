import { inflateRawSync } from 'node:zlib';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

/**
 * The files of a ZIP archive (an .xlsx is one), as text, read with Node's zlib: enough to
 * look at the XML a test cares about (autofilter, frozen panes) without another dependency.
 * Handles stored and deflated entries, no ZIP64 (an .xlsx of a few MB never needs it).
 */
export function unzipEntries(archive: Uint8Array): Map<string, string> {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  let end = archive.byteLength - 22;
  while (end >= 0 && view.getUint32(end, true) !== END_OF_CENTRAL_DIRECTORY) end--;
  if (end < 0) throw new Error('Not a ZIP archive: no end of central directory.');
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const entries = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    if (view.getUint32(offset, true) !== CENTRAL_DIRECTORY_ENTRY) throw new Error('Bad central directory.');
    const method = view.getUint16(offset + 10, true);
    const size = view.getUint32(offset + 20, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const local = view.getUint32(offset + 42, true);
    const name = decoder.decode(archive.subarray(offset + 46, offset + 46 + nameLength));
    if (view.getUint32(local, true) !== LOCAL_FILE_HEADER) throw new Error(`Bad local header for ${name}.`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = archive.subarray(start, start + size);
    if (method !== 0 && method !== 8) throw new Error(`Unsupported compression ${method} for ${name}.`);
    entries.set(name, decoder.decode(method === 8 ? inflateRawSync(data) : data));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
