import clsx from "clsx";

/** Up to two letters of a name, for an avatar without a photo. */
export function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]!.toUpperCase());
  return letters.join("") || "?";
}

/**
 * Background and text pairs that pass contrast (4.5:1) in both themes: the dark theme turns the
 * palette over (app/globals.css), so a -100 surface with -800 text stays readable there too.
 */
const TONES = ["bg-indigo-100 text-indigo-800", "bg-emerald-100 text-emerald-800", "bg-amber-100 text-amber-800", "bg-sky-100 text-sky-800", "bg-rose-100 text-rose-800", "bg-violet-100 text-violet-800"];

/** The same person always gets the same tone: a small hash of their id. */
function toneOf(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return TONES[hash % TONES.length]!;
}

/**
 * A person's avatar: their photo, or their initials on a tone of their own. Decorative (the name is
 * always written beside it), so hidden from assistive technology. `className` sizes it (size-8 unless given).
 */
export function Avatar({ id, name, photoURL, className = "size-8" }: { id: string; name: string; photoURL?: string; className?: string }) {
  const size = clsx("shrink-0 rounded-full", className);
  // A photo anywhere on the web: a plain <img>, not an asset of the app.
  if (photoURL) {
    return <img aria-hidden alt="" src={photoURL} className={clsx(size, "object-cover")} />;
  }
  return (
    <span aria-hidden className={clsx(size, "grid place-items-center text-xs font-semibold", toneOf(id))}>
      {initials(name)}
    </span>
  );
}
