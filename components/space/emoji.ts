/**
 * The character(s) of a stored emoji. The API admits both the character ("🎉") and its hex
 * code points ("1f389", "1f468-200d-1f4bb"); the UI always shows the character.
 */
export function emojiCharacters(value: string | null | undefined): string {
  if (!value) return "";
  if (!/^[0-9a-f]{2,6}(?:-[0-9a-f]{2,6})*$/i.test(value)) return value;
  try {
    return String.fromCodePoint(...value.split("-").map((hex) => parseInt(hex, 16)));
  } catch {
    return value;
  }
}
