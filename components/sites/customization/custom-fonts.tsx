"use client";

import { CustomizationDefaultFont, CustomizationDefaultMonospaceFont } from "@gitbook/api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { createPortal } from "react-dom";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { SelectField, TextField } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";

/** A custom font as the customization stores it (the reference's CustomizationFontDefinitionInput). */
export type FontDefinition = { id: string; custom: boolean; fontFamily: string; fontFaces: { weight: number; sources: { url: string; format?: "woff2" | "woff" }[] }[] };
type FontValue = string | FontDefinition | null | undefined;

/** The same bound as the server's (server/storage/uploads/schemas.ts): said before a byte is sent. */
const MAX_FONT_BYTES = 5 * 1024 * 1024;
const WEIGHTS = [
  { weight: 300, name: "Light" },
  { weight: 400, name: "Regular" },
  { weight: 500, name: "Medium" },
  { weight: 600, name: "Semibold" },
  { weight: 700, name: "Bold" },
] as const;
const FAMILY = /^[\p{L}\p{N} _.-]+$/u;
const CUSTOM_PREFIX = "custom:";

const spelled = (font: string) => font.replace(/([a-z])([A-Z])/g, "$1 $2");

/**
 * The Font and Monospace font pickers: the built-in fonts and the organization's own, with "Upload a
 * font" for those who may manage them. A custom font is stored in the customization by value (its
 * family and file URLs), so the published site needs nothing else to load it.
 */
export function FontPickers({
  organizationId,
  font,
  monospaceFont,
  onChange,
  disabled,
  hint,
}: {
  organizationId: string;
  font: FontValue;
  monospaceFont: FontValue;
  onChange: (key: "font" | "monospaceFont", value: string | FontDefinition) => void;
  disabled: boolean;
  hint?: string;
}) {
  const trpc = useTRPC();
  const fonts = useQuery(trpc.customFonts.list.queryOptions({ organizationId, limit: 100 }));
  const permissions = useQuery(trpc.customFonts.permissions.queryOptions({ organizationId }));
  const [uploading, setUploading] = useState(false);
  const custom = (fonts.data?.items ?? []).map(({ permissions: _, ...definition }) => definition as FontDefinition);

  const picker = (key: "font" | "monospaceFont", label: string, builtIn: Record<string, string>) => {
    const current = key === "font" ? font : monospaceFont;
    const value = typeof current === "string" ? current : current ? CUSTOM_PREFIX + current.id : "";
    const known = typeof current !== "object" || !current || !fonts.data || custom.some((definition) => definition.id === current.id);
    const options = [
      ...(known ? [] : [{ value, label: `${(current as FontDefinition).fontFamily} (no longer in the organization's fonts)` }]),
      ...custom.map((definition) => ({ value: CUSTOM_PREFIX + definition.id, label: `${definition.fontFamily} (uploaded)` })),
      ...Object.values(builtIn).map((name) => ({ value: name, label: spelled(name) })),
    ];
    return (
      <SelectField
        label={label}
        disabled={disabled}
        hint={hint}
        value={value}
        options={options}
        onChange={(event) => {
          const picked = event.target.value;
          const definition = custom.find((candidate) => CUSTOM_PREFIX + candidate.id === picked);
          if (definition) onChange(key, definition);
          else if (!picked.startsWith(CUSTOM_PREFIX)) onChange(key, picked);
        }}
      />
    );
  };

  return (
    <>
      {picker("font", "Font", CustomizationDefaultFont)}
      {picker("monospaceFont", "Monospace font", CustomizationDefaultMonospaceFont)}
      {fonts.isError && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          The organization&apos;s fonts could not be loaded: {errorMessage(fonts.error)}{" "}
          <button type="button" className="font-medium text-indigo-700 underline" onClick={() => void fonts.refetch()}>
            Try again
          </button>
        </p>
      )}
      {permissions.data?.edit && !disabled && (
        <div className="sm:col-span-2">
          <Button variant="secondary" onClick={() => setUploading(true)}>
            Upload a font
          </Button>
          <p className="mt-1 text-xs text-slate-600">WOFF2 or WOFF files, one per weight, up to 5 MB each. Uploaded fonts can be picked on every site of the organization.</p>
        </div>
      )}
      {/* Outside the customization's own <form> in the page: a form may not sit inside another. */}
      {uploading && createPortal(<UploadFontDialog organizationId={organizationId} onClose={() => setUploading(false)} />, document.body)}
    </>
  );
}

type Progress = { label: string; percent: number };

/** The PUT of one file to its upload URL, with progress; rejects with the server's message, written for people. */
function putFile(url: string, file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", url);
    request.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    request.onload = () => {
      let body: { key?: string; error?: { message?: string } } = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not the API's answer (a proxy's error page): said below by its status.
      }
      if (request.status === 201 && body.key) resolve(body.key);
      else reject(new Error(body.error?.message ?? `The server answered ${request.status}.`));
    };
    request.onerror = () => reject(new Error("The connection was lost while sending the file; check the network and try again."));
    request.send(file);
  });
}

/** What is wrong with a chosen file before it is sent, or null. */
function fileProblem(file: File): string | null {
  if (!/\.(woff2?|WOFF2?)$/.test(file.name)) return `${file.name} is not a WOFF2 or WOFF file; convert the font to WOFF2 first.`;
  if (file.size > MAX_FONT_BYTES) return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; a font file may be at most 5 MB.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

/** "Upload a font": a family name and one file per weight (Regular required), sent one after the other, then saved as the organization's font. */
function UploadFontDialog({ organizationId, onClose }: { organizationId: string; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const id = useId();
  const [family, setFamily] = useState("");
  const [files, setFiles] = useState<Partial<Record<number, File>>>({});
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uploadUrl = useMutation(trpc.customFonts.uploadUrl.mutationOptions());
  const create = useMutation(trpc.customFonts.create.mutationOptions());
  const busy = progress !== null;

  // Mounted for each opening: what was typed and chosen goes with it.
  const close = () => !busy && onClose();

  async function submit(event: FormEvent) {
    event.preventDefault();
    // React passes a portal's events to its parents: the customization's form must not take this submit for its own.
    event.stopPropagation();
    setError(null);
    const name = family.trim();
    if (!FAMILY.test(name) || name.length > 50) return setError("Give the font a name of up to 50 letters, digits, spaces, dots, dashes or underscores.");
    if (!files[400]) return setError("Choose a file for the Regular (400) weight: browsers fall back to it for the others.");
    const chosen = WEIGHTS.flatMap(({ weight, name: weightName }) => (files[weight] ? [{ weight, label: `${weightName} (${weight})`, file: files[weight]! }] : []));
    const problem = chosen.map(({ file }) => fileProblem(file)).find(Boolean);
    if (problem) return setError(problem);
    try {
      const fontFaces = [];
      for (const { weight, label, file } of chosen) {
        setProgress({ label, percent: 0 });
        const target = await uploadUrl.mutateAsync({ organizationId, file: { name: file.name, type: file.type, size: file.size } });
        const storageKey = await putFile(target.url, file, (percent) => setProgress({ label, percent }));
        fontFaces.push({ weight, storageKey });
      }
      setProgress({ label: "Saving the font", percent: 100 });
      const font = await create.mutateAsync({ organizationId, font: { fontFamily: name, fontFaces } });
      await queryClient.invalidateQueries({ queryKey: trpc.customFonts.pathKey() });
      toast.success(`${font.fontFamily} uploaded: pick it as the Font or Monospace font.`);
      onClose();
    } catch (failure) {
      setProgress(null);
      setError(`The font was not uploaded. ${failure instanceof Error && !("data" in failure) ? failure.message : errorMessage(failure)}`);
    }
  }

  return (
    <Dialog open onClose={close} title="Upload a font" size="lg">
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4" aria-describedby={`${id}-about`}>
        <p id={`${id}-about`} className="text-sm text-slate-600">
          Choose WOFF2 (or WOFF) files of up to 5 MB, one per weight. Regular is required. Make sure the font&apos;s license lets you use it on the web.
        </p>
        <TextField label="Font name" value={family} maxLength={50} required disabled={busy} placeholder="Brand Sans" onChange={(event) => setFamily(event.target.value)} />
        <div className="grid gap-3 sm:grid-cols-2">
          {WEIGHTS.map(({ weight, name }) => (
            <div key={weight} className="space-y-1">
              <label htmlFor={`${id}-${weight}`} className="block text-sm font-medium text-slate-700">
                {name} ({weight}){weight === 400 ? ", required" : ""}
              </label>
              <input
                id={`${id}-${weight}`}
                type="file"
                accept=".woff2,.woff,font/woff2,font/woff"
                disabled={busy}
                onChange={(event) => setFiles((current) => ({ ...current, [weight]: event.target.files?.[0] }))}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
              />
            </div>
          ))}
        </div>
        {progress && (
          <div className="space-y-1" role="status">
            <p className="text-sm text-slate-700">
              {progress.label === "Saving the font" ? "Saving the font…" : `Uploading ${progress.label}: ${progress.percent}%`}
            </p>
            <progress className="h-2 w-full accent-indigo-600" max={100} value={progress.percent} aria-label="Upload progress" />
          </div>
        )}
        {error && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" disabled={busy} onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Upload
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
