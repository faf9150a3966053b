/** Width and height of a PNG, JPEG, GIF or WebP image, read from its header bytes; null for anything else. */
export function imageDimensions(bytes: Buffer): { width: number; height: number } | null {
  return imageOf(bytes)?.size ?? null;
}

/** Which of PNG, JPEG, GIF or WebP an image is, by its header bytes (with a size); null for anything else. */
export function imageFormat(bytes: Buffer): "png" | "gif" | "webp" | "jpeg" | null {
  return imageOf(bytes)?.format ?? null;
}

function imageOf(bytes: Buffer) {
  for (const [format, read] of [["png", png], ["gif", gif], ["webp", webp], ["jpeg", jpeg]] as const) {
    const size = read(bytes);
    if (size) return size.width > 0 && size.height > 0 ? { format, size } : null;
  }
  return null;
}

type Size = { width: number; height: number } | null;

function png(b: Buffer): Size {
  // Signature, then the IHDR chunk: length (4), "IHDR", width (4), height (4).
  if (b.length < 24 || b.readUInt32BE(0) !== 0x89504e47 || b.toString("latin1", 12, 16) !== "IHDR") return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gif(b: Buffer): Size {
  if (b.length < 10 || !["GIF87a", "GIF89a"].includes(b.toString("latin1", 0, 6))) return null;
  return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

function webp(b: Buffer): Size {
  if (b.length < 30 || b.toString("latin1", 0, 4) !== "RIFF" || b.toString("latin1", 8, 12) !== "WEBP") return null;
  const chunk = b.toString("latin1", 12, 16);
  if (chunk === "VP8 ") {
    // Lossy: a key frame's start code, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === "VP8L") {
    // Lossless: a signature byte, then width-1 and height-1 in 14 bits each.
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") {
    // Extended: canvas width-1 and height-1 in 24 bits each.
    return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  }
  return null;
}

function jpeg(b: Buffer): Size {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  // Walk the segments up to a start-of-frame marker, which holds the height then the width.
  let offset = 2;
  while (offset + 9 <= b.length) {
    if (b[offset] !== 0xff) return null;
    const marker = b[offset + 1]!;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { width: b.readUInt16BE(offset + 7), height: b.readUInt16BE(offset + 5) };
    // Markers without a length (restart markers, start of image).
    if ((marker >= 0xd0 && marker <= 0xd9) || marker === 0x01) {
      offset += 2;
      continue;
    }
    offset += 2 + b.readUInt16BE(offset + 2);
  }
  return null;
}
