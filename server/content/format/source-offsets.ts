/**
 * Where the text a parser works on lies in the page's source. markdown-it parses a paragraph's
 * inline content with its lines' container prefixes (`> `, list indentation) and outer blanks
 * taken away, and a table cell with the backslash of each escaped pipe taken away: an offset map
 * takes an offset in such a text back to the source, piece by piece.
 */
export class OffsetMap {
  /** Flat pairs (offset in the text, offset in the source), both increasing. */
  private readonly points: number[];

  constructor(points: number[]) {
    this.points = points;
  }

  static identity(sourceStart: number): OffsetMap {
    return new OffsetMap([0, sourceStart]);
  }

  /** The source offset of `at` in the text (a piece ends where the next begins). */
  toSource(at: number): number {
    const pairs = this.points.length / 2;
    let low = 0;
    let high = pairs - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.points[middle * 2]! <= at) low = middle;
      else high = middle - 1;
    }
    return this.points[low * 2 + 1]! + (at - this.points[low * 2]!);
  }

  /** The same map for the text with its first `count` characters taken away. */
  shifted(count: number): OffsetMap {
    const points: number[] = [0, this.toSource(count)];
    for (let i = 0; i < this.points.length; i += 2) {
      if (this.points[i]! > count) points.push(this.points[i]! - count, this.points[i + 1]!);
    }
    return new OffsetMap(points);
  }
}

/** Builds a text piece by piece, keeping where each piece came from. */
export class MappedText {
  text = "";
  private readonly points: number[] = [];

  /** Appends `piece`, which starts at `sourceAt` in the source (-1: added text, mapped to where the next piece starts). */
  append(piece: string, sourceAt: number): void {
    if (piece === "") return;
    if (sourceAt >= 0) this.points.push(this.text.length, sourceAt);
    this.text += piece;
  }

  /** The text without the ASCII blanks and line breaks at its ends, and its map. */
  trimmed(): { text: string; map: OffsetMap } {
    let start = 0;
    let end = this.text.length;
    while (start < end && isTrimmable(this.text.charCodeAt(start))) start++;
    while (end > start && isTrimmable(this.text.charCodeAt(end - 1))) end--;
    const map = new OffsetMap(this.points.length > 0 ? this.points : [0, 0]);
    return { text: this.text.slice(start, end), map: start > 0 ? map.shifted(start) : map };
  }
}

const isTrimmable = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/**
 * Offsets in the text markdown-it parses (line endings made `\n`) back to the page's, and both to
 * lines and columns (from 1, as unist counts them).
 */
export class SourcePoints {
  private readonly removedReturns: number[] = [];
  private readonly lineStarts: number[] = [0];

  constructor(readonly original: string) {
    for (let at = original.indexOf("\r"); at >= 0; at = original.indexOf("\r", at + 1)) {
      // `\r\n` became `\n`: offsets after it shift by one; a lone `\r` became `\n` in place.
      if (original[at + 1] === "\n") this.removedReturns.push(at - this.removedReturns.length);
    }
    for (let at = original.indexOf("\n"); at >= 0; at = original.indexOf("\n", at + 1)) this.lineStarts.push(at + 1);
  }

  /** The markdown as markdown-it reads it. */
  normalized(): string {
    return this.original.replace(/\r\n?/g, "\n").replace(/\0/g, "\uFFFD");
  }

  /** The page offset of an offset in the normalized text. */
  offset(normalized: number): number {
    if (this.removedReturns.length === 0) return normalized;
    let low = 0;
    let high = this.removedReturns.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.removedReturns[middle]! <= normalized) low = middle + 1;
      else high = middle;
    }
    return normalized + low;
  }

  /** A unist point for a page offset. */
  point(offset: number): { line: number; column: number; offset: number } {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low]! + 1, offset };
  }
}
