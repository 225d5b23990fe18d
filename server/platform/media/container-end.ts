// Whether a WebM or MP4 file is whole (issue 37): a parser reads a file cut short without complaint —
// it drops the incomplete last block — so the bytes are walked here first. Every element or box of
// known size must lie inside the file and the last one must end exactly where the file ends.

/** EBML IDs MediaRecorder writes with an unknown size: their children are walked in turn. */
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;

/** An EBML variable-length integer at `pos`: its length in bytes and value (null: all ones, unknown). */
function vint(
  bytes: Uint8Array,
  pos: number,
  keepMarker: boolean,
): { len: number; value: number | null } | null {
  const first = bytes[pos];
  if (first === undefined || first === 0) return null;
  const len = Math.clz32(first) - 23;
  if (len > 8 || pos + len > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> len);
  let allOnes = value === 0xff >> len;
  for (let i = 1; i < len; i++) {
    const b = bytes[pos + i]!;
    value = value * 256 + b;
    if (b !== 0xff) allOnes = false;
  }
  return { len, value: !keepMarker && allOnes ? null : value };
}

/** A WebM (Matroska) file: the EBML header, then a Segment whose elements run to the last byte. */
export function webmIsWhole(bytes: Uint8Array): boolean {
  let pos = 0;
  let elements = 0;
  while (pos < bytes.length) {
    const id = vint(bytes, pos, true);
    if (!id) return false;
    const size = vint(bytes, pos + id.len, false);
    if (!size) return false;
    const body = pos + id.len + size.len;
    elements++;
    if (id.value === SEGMENT || id.value === CLUSTER) {
      // Walked into: its children follow. A known size must still fit in the file.
      if (size.value !== null && body + size.value > bytes.length) return false;
      pos = body;
      continue;
    }
    if (size.value === null || body + size.value > bytes.length) return false;
    pos = body + size.value;
  }
  return elements > 1 && pos === bytes.length;
}

/** An MP4 file: its top-level boxes tile the file (fragmented MP4 included). */
export function mp4IsWhole(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 0;
  let boxes = 0;
  while (pos < bytes.length) {
    if (pos + 8 > bytes.length) return false;
    let size = view.getUint32(pos);
    if (size === 1) {
      if (pos + 16 > bytes.length) return false;
      size = Number(view.getBigUint64(pos + 8));
    } else if (size === 0) {
      size = bytes.length - pos;
    }
    if (size < 8 || pos + size > bytes.length) return false;
    pos += size;
    boxes++;
  }
  return boxes > 1 && pos === bytes.length;
}
