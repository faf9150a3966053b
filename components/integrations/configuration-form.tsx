"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { CheckboxField, SelectField, TextField } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";

/** One property of an integration's `configurations.<target>` schema (reference IntegrationConfigurationSchema). */
export type ConfigurationProperty = {
  type?: string;
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
};
export type ConfigurationSchema = { properties?: Record<string, ConfigurationProperty>; required?: string[] };
export type ConfigurationValue = Record<string, unknown>;

/** The properties a form can show: `button` properties call the integration back, which Quire does not run. */
export function formProperties(schema: ConfigurationSchema | undefined): [string, ConfigurationProperty][] {
  return Object.entries(schema?.properties ?? {}).filter(([, property]) => property.type === "string" || property.type === "number" || property.type === "boolean");
}

/** The value the form starts from: what is stored, else the schema's default. */
export function initialConfiguration(schema: ConfigurationSchema | undefined, stored: ConfigurationValue | undefined): ConfigurationValue {
  const value: ConfigurationValue = { ...stored };
  for (const [name, property] of formProperties(schema)) if (value[name] === undefined && property.default !== undefined) value[name] = property.default;
  return value;
}

/**
 * The property a refused configuration is about, with the problem: the service's 400 carries
 * `details: { property, problem }` (server/integrations/configuration.ts).
 */
export function configurationFailure(error: unknown): { property: string; problem: string } | null {
  const details = (error as { data?: { details?: { property?: unknown; problem?: unknown } } } | null)?.data?.details;
  if (details && typeof details.property === "string" && typeof details.problem === "string") return { property: details.property, problem: details.problem };
  return null;
}

/** A number field's text as the number it spells, else as typed (which the service refuses, naming the field). */
function numberOrText(text: string): number | string {
  const number = Number(text.trim());
  return text.trim() !== "" && Number.isFinite(number) ? number : text;
}

/** The form's value as sent: number fields hold text while edited. */
function configurationToSend(schema: ConfigurationSchema | undefined, value: ConfigurationValue): ConfigurationValue {
  const sent = { ...value };
  for (const [name, property] of formProperties(schema)) if (property.type === "number" && typeof sent[name] === "string") sent[name] = numberOrText(sent[name]);
  return sent;
}

/**
 * The fields of a configuration schema: string (a select when it has `enum`), number and boolean
 * properties, required ones marked, each with its description and the error about it.
 */
export function ConfigurationFields({
  schema,
  value,
  onChange,
  errors,
  disabled,
}: {
  schema: ConfigurationSchema | undefined;
  value: ConfigurationValue;
  onChange: (value: ConfigurationValue) => void;
  errors: Record<string, string | undefined>;
  disabled?: boolean;
}) {
  const required = new Set(schema?.required ?? []);
  const set = (name: string, next: unknown) => {
    const copy = { ...value };
    if (next === undefined) delete copy[name];
    else copy[name] = next;
    onChange(copy);
  };
  return (
    <div className="space-y-4">
      {formProperties(schema).map(([name, property]) => {
        const label = `${property.title || name}${required.has(name) ? " (required)" : ""}`;
        const error = errors[name];
        const hint = property.description || undefined;
        const current = value[name];
        if (property.type === "boolean") return <CheckboxField key={name} name={name} label={label} hint={hint} error={error} checked={current === true} disabled={disabled} onChange={(event) => set(name, event.target.checked)} />;
        if (property.type === "string" && Array.isArray(property.enum)) {
          const options = property.enum.filter((option): option is string => typeof option === "string").map((option) => ({ value: option, label: option }));
          return (
            <SelectField
              key={name}
              name={name}
              label={label}
              hint={hint}
              error={error}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              value={typeof current === "string" ? current : ""}
              onChange={(event) => set(name, event.target.value === "" ? undefined : event.target.value)}
              options={[{ value: "", label: "Not chosen" }, ...options]}
            />
          );
        }
        // Numbers are typed as text, not type="number": what was typed reaches the service, whose answer says what is wrong with it.
        const number = property.type === "number";
        return (
          <TextField
            key={name}
            name={name}
            label={label}
            hint={hint}
            error={error}
            disabled={disabled}
            inputMode={number ? "decimal" : undefined}
            maxLength={number ? 100 : 10_000}
            value={current === undefined ? "" : String(current)}
            onChange={(event) => set(name, event.target.value === "" ? undefined : event.target.value)}
          />
        );
      })}
    </div>
  );
}

/**
 * A configuration form with its Save: the fields of `schema` from the stored value, sent whole;
 * a refusal naming a property is shown beside that field (which takes the focus) and announced.
 */
export function ConfigurationForm({
  schema,
  stored,
  pending,
  error,
  onSave,
  saveName,
}: {
  schema: ConfigurationSchema | undefined;
  stored: ConfigurationValue | undefined;
  pending: boolean;
  error: unknown;
  onSave: (configuration: ConfigurationValue) => void;
  /** The Save button's accessible name where several forms share a screen ("Save configuration of …"). */
  saveName?: string;
}) {
  const [value, setValue] = useState(() => initialConfiguration(schema, stored));
  const formRef = useRef<HTMLFormElement>(null);
  const failure = error ? configurationFailure(error) : null;
  const shownOnField = failure !== null && formProperties(schema).some(([name]) => name === failure.property);
  const titleOf = (property: string) => schema?.properties?.[property]?.title || property;

  // Each new failure shown on a field takes the focus there (the same property failing anew too).
  const failedField = failure && shownOnField ? failure.property : null;
  const failedProblem = failure?.problem;
  useEffect(() => {
    if (!failedField) return;
    const field = formRef.current?.elements.namedItem(failedField);
    if (field instanceof HTMLElement) field.focus();
  }, [failedField, failedProblem]);

  if (formProperties(schema).length === 0) return <p className="text-sm text-slate-500">This integration has nothing to configure here.</p>;

  function submit(event: FormEvent) {
    event.preventDefault();
    onSave(configurationToSend(schema, value));
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
      <ConfigurationFields schema={schema} value={value} onChange={setValue} errors={shownOnField && failure ? { [failure.property]: failure.problem } : {}} disabled={pending} />
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {shownOnField && failure ? `The configuration was not saved: “${titleOf(failure.property)}” ${failure.problem}.` : `The configuration was not saved. ${errorMessage(error)}`}
        </p>
      ) : null}
      <Button type="submit" loading={pending} aria-label={saveName}>
        Save configuration
      </Button>
    </form>
  );
}
