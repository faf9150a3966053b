/** Text and attribute values in XML and HTML: the five characters that could end or start markup. */
export const escapeMarkup = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
