const SIZE_UNITS = ["B", "KB", "MB", "GB"];

/** A file's size as people read it ("1.5 MB"): the reader's file cards and the published site's. */
export function humanSize(size: number): string {
  let value = size;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${SIZE_UNITS[unit]}`;
}
