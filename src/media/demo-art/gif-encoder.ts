/**
 * A small animated-GIF encoder for the demo reactions, where sharp (libimagequant and cgif) took
 * about 90 ms of CPU per GIF and the canvas' own encoder (NeuQuant per frame, no frame
 * differencing) as long and three times the bytes: some 1,200 GIFs must be made in seconds.
 *
 * Flat, outlined art needs little of a general encoder: one palette for the whole animation
 * (median cut over 15-bit colour bins, no dithering), each frame after the first cut to the
 * rectangle that changed, with unchanged pixels inside it transparent, and LZW over typed arrays.
 * Frames must be opaque; the result is deterministic.
 */

const TRANSPARENT = 255;
const MAX_COLOURS = 255;

interface Box {
  bins: number[];
  weight: number;
  /** The widest channel and how wide it is, worked out once. */
  axis: number;
  range: number;
}

/** The 15-bit bin of an RGB colour. */
const binOf = (r: number, g: number, b: number) => ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);

function channel(bin: number, c: number): number {
  return (bin >> (10 - c * 5)) & 31;
}

function makeBox(bins: number[], histogram: Uint32Array): Box {
  let weight = 0;
  const low = [31, 31, 31];
  const high = [0, 0, 0];
  for (const bin of bins) {
    weight += histogram[bin];
    for (let c = 0; c < 3; c++) {
      const v = channel(bin, c);
      if (v < low[c]) low[c] = v;
      if (v > high[c]) high[c] = v;
    }
  }
  let axis = 0;
  for (let c = 1; c < 3; c++) if (high[c] - low[c] > high[axis] - low[axis]) axis = c;
  return { bins, weight, axis, range: high[axis] - low[axis] };
}

/**
 * Median cut over the weighted bins (the box with the most weight times spread is split first).
 * Returns the palette and, for every bin in use, the index of its box: the colour it is drawn with.
 */
function medianCut(histogram: Uint32Array, maxColours: number): { palette: Uint8Array; lut: Uint8Array } {
  const all: number[] = [];
  for (let bin = 0; bin < histogram.length; bin++) if (histogram[bin] > 0) all.push(bin);
  const boxes: Box[] = [makeBox(all, histogram)];
  while (boxes.length < maxColours) {
    let pickIndex = -1;
    let pickScore = 0;
    for (let i = 0; i < boxes.length; i++) {
      if (boxes[i].bins.length < 2) continue;
      const score = boxes[i].range * Math.sqrt(boxes[i].weight);
      if (score > pickScore) {
        pickScore = score;
        pickIndex = i;
      }
    }
    if (pickIndex < 0) break;
    const box = boxes[pickIndex];
    const axis = box.axis;
    box.bins.sort((a, b) => channel(a, axis) - channel(b, axis) || a - b);
    let acc = 0;
    let cut = box.bins.length - 1;
    for (let i = 0; i < box.bins.length - 1; i++) {
      acc += histogram[box.bins[i]];
      if (acc >= box.weight / 2) {
        cut = i + 1;
        break;
      }
    }
    boxes.splice(
      pickIndex,
      1,
      makeBox(box.bins.slice(0, cut), histogram),
      makeBox(box.bins.slice(cut), histogram),
    );
  }
  const palette = new Uint8Array(boxes.length * 3);
  const lut = new Uint8Array(32768);
  boxes.forEach((box, i) => {
    let r = 0;
    let g = 0;
    let b = 0;
    for (const bin of box.bins) {
      const w = histogram[bin];
      r += (channel(bin, 0) * 8 + 4) * w;
      g += (channel(bin, 1) * 8 + 4) * w;
      b += (channel(bin, 2) * 8 + 4) * w;
      lut[bin] = i;
    }
    palette[i * 3] = Math.round(r / box.weight);
    palette[i * 3 + 1] = Math.round(g / box.weight);
    palette[i * 3 + 2] = Math.round(b / box.weight);
  });
  return { palette, lut };
}

/** Palette indices of every pixel of every frame. */
function indexPixels(rgba: Uint8Array, lut: Uint8Array): Uint8Array {
  const out = new Uint8Array(rgba.length / 4);
  for (let p = 0, i = 0; i < rgba.length; i += 4, p++) out[p] = lut[binOf(rgba[i], rgba[i + 1], rgba[i + 2])];
  return out;
}

class ByteWriter {
  private buffer = new Uint8Array(1 << 16);
  length = 0;

  private ensure(extra: number) {
    if (this.length + extra <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buffer.subarray(0, this.length));
    this.buffer = next;
  }

  byte(value: number) {
    this.ensure(1);
    this.buffer[this.length++] = value;
  }

  word(value: number) {
    this.byte(value & 0xff);
    this.byte((value >> 8) & 0xff);
  }

  bytes(values: ArrayLike<number>) {
    this.ensure(values.length);
    this.buffer.set(values, this.length);
    this.length += values.length;
  }

  result(): Buffer {
    return Buffer.from(this.buffer.buffer, 0, this.length);
  }
}

/** The dictionary of the LZW coder, reused between images: a generation stamp clears it at no cost. */
const lzwCodes = new Int16Array(4096 * 256);
const lzwStamps = new Uint32Array(4096 * 256);
let lzwGeneration = 0;

let lzwBytes = new Uint8Array(1 << 16);

/** GIF's LZW over 8-bit indices, written as sub-blocks of at most 255 bytes. */
function writeLzw(out: ByteWriter, pixels: Uint8Array) {
  const minCodeSize = 8;
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  // Codes are at most 12 bits, so the packed bytes never outgrow 1.5 bytes per pixel and a little.
  if (lzwBytes.length < pixels.length * 2 + 16) lzwBytes = new Uint8Array(pixels.length * 2 + 16);
  const bytes = lzwBytes;
  let length = 0;
  let bits = 0;
  let bitCount = 0;
  let codeSize = minCodeSize + 1;
  let next = end + 1;
  lzwGeneration += 1;
  // The clear code first, then the codes; bits are packed least significant first.
  bits = clear;
  bitCount = codeSize;
  let prefix = pixels[0];
  for (let i = 1; i < pixels.length; i++) {
    const k = pixels[i];
    const key = prefix * 256 + k;
    if (lzwStamps[key] === lzwGeneration) {
      prefix = lzwCodes[key];
      continue;
    }
    bits |= prefix << bitCount;
    bitCount += codeSize;
    while (bitCount >= 8) {
      bytes[length++] = bits & 0xff;
      bits >>>= 8;
      bitCount -= 8;
    }
    if (next < 4096) {
      lzwCodes[key] = next;
      lzwStamps[key] = lzwGeneration;
      // The decoder widens its codes one code later than the encoder has added the entry.
      if (next === 1 << codeSize && codeSize < 12) codeSize += 1;
      next += 1;
    } else {
      bits |= clear << bitCount;
      bitCount += codeSize;
      while (bitCount >= 8) {
        bytes[length++] = bits & 0xff;
        bits >>>= 8;
        bitCount -= 8;
      }
      lzwGeneration += 1;
      next = end + 1;
      codeSize = minCodeSize + 1;
    }
    prefix = k;
  }
  for (const code of [prefix, end]) {
    bits |= code << bitCount;
    bitCount += codeSize;
    while (bitCount >= 8) {
      bytes[length++] = bits & 0xff;
      bits >>>= 8;
      bitCount -= 8;
    }
  }
  if (bitCount > 0) bytes[length++] = bits & 0xff;
  out.byte(minCodeSize);
  for (let at = 0; at < length; at += 255) {
    const size = Math.min(255, length - at);
    out.byte(size);
    out.bytes(bytes.subarray(at, at + size));
  }
  out.byte(0);
}

/**
 * Encodes `count` opaque RGBA frames of `width` × `height`, stacked one below the other in
 * `pixels`, as a looping GIF showing each frame for `delayMs`.
 */
export function encodeAnimatedGif(
  pixels: Uint8Array,
  width: number,
  height: number,
  count: number,
  delayMs: number,
): Buffer {
  const histogram = new Uint32Array(32768);
  for (let i = 0; i < pixels.length; i += 4) histogram[binOf(pixels[i], pixels[i + 1], pixels[i + 2])] += 1;
  const { palette, lut } = medianCut(histogram, MAX_COLOURS);
  const indices = indexPixels(pixels, lut);

  const out = new ByteWriter();
  out.bytes([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]); // GIF89a
  out.word(width);
  out.word(height);
  out.byte(0xf7); // global colour table of 256 entries
  out.byte(0);
  out.byte(0);
  const table = new Uint8Array(768);
  table.set(palette);
  out.bytes(table);
  // NETSCAPE2.0: loop for ever.
  out.bytes([
    0x21, 0xff, 0x0b, 0x4e, 0x45, 0x54, 0x53, 0x43, 0x41, 0x50, 0x45, 0x32, 0x2e, 0x30, 0x03, 0x01, 0, 0, 0,
  ]);

  const size = width * height;
  const delay = Math.round(delayMs / 10);
  for (let f = 0; f < count; f++) {
    const frame = indices.subarray(f * size, (f + 1) * size);
    let left = 0;
    let top = 0;
    let w = width;
    let h = height;
    let data = frame;
    let transparent = false;
    if (f > 0) {
      const previous = indices.subarray((f - 1) * size, f * size);
      let minX = width;
      let minY = height;
      let maxX = -1;
      let maxY = -1;
      for (let y = 0; y < height; y++) {
        const row = y * width;
        for (let x = 0; x < width; x++) {
          if (frame[row + x] !== previous[row + x]) {
            if (x < minX) minX = x;
            if (x > maxX) maxX = x;
            if (y < minY) minY = y;
            if (y > maxY) maxY = y;
          }
        }
      }
      if (maxX < 0) {
        // Nothing changed: a single transparent pixel keeps the frame and its time.
        minX = 0;
        minY = 0;
        maxX = 0;
        maxY = 0;
      }
      left = minX;
      top = minY;
      w = maxX - minX + 1;
      h = maxY - minY + 1;
      data = new Uint8Array(w * h);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const at = (top + y) * width + left + x;
          data[y * w + x] = frame[at] === previous[at] ? TRANSPARENT : frame[at];
        }
      }
      transparent = true;
    }
    // Graphic control: disposal "leave in place", the delay, and the transparent index.
    out.bytes([0x21, 0xf9, 0x04, (1 << 2) | (transparent ? 1 : 0)]);
    out.word(delay);
    out.byte(transparent ? TRANSPARENT : 0);
    out.byte(0);
    out.byte(0x2c);
    out.word(left);
    out.word(top);
    out.word(w);
    out.word(h);
    out.byte(0);
    writeLzw(out, data);
  }
  out.byte(0x3b);
  return out.result();
}
