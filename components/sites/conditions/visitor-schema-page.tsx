"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { IntentLink } from "@/components/ui/intent-link";
import { useEffect, useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useSite } from "@/components/sites/list/use-site";
import { useToast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/field";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";
import { useUnsavedWarning } from "@/components/ui/use-unsaved-warning";

/** A starting point: the shape the service accepts, with one signed and one unsigned claim. */
const EXAMPLE_SCHEMA = {
  type: "object",
  properties: {
    plan: { type: "string", description: "The visitor's plan", enum: ["free", "pro", "enterprise"] },
    unsigned: {
      type: "object",
      description: "Unsigned claims of the site visitor.",
      properties: { betaOptIn: { type: "boolean", description: "Opted in to beta features" } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * The site's visitor schema: the claims (`visitor.claims.…`) that conditions on sections, variants
 * and header links may use, as a JSON Schema. The JSON is checked here; its shape by the service,
 * whose message says what is wrong.
 */
export function VisitorSchemaPage({ organizationId, siteId }: { organizationId: string; siteId: string }) {
  const trpc = useTRPC();
  const site = useSite(organizationId, siteId);
  const canView = site.data?.permissions.viewAdaptiveSchema ?? false;
  const schema = useQuery({ ...trpc.siteAdaptive.getSchema.queryOptions({ organizationId, siteId }), enabled: canView });

  const back = (
    <IntentLink href={`/o/${organizationId}/sites/${siteId}/customization`} className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline">
      ← Customization
    </IntentLink>
  );
  const heading = (
    <div className="space-y-1">
      {back}
      <h2 id="visitor-schema-heading" className="text-xl font-semibold text-slate-900">
        Visitor schema
      </h2>
      <p className="max-w-2xl text-sm text-slate-600">
        The claims your visitors carry (signed in their token, or unsigned under <code className="font-mono text-xs">unsigned</code>). Conditions on sections, variants and header links use them as{" "}
        <code className="font-mono text-xs">visitor.claims.…</code>; a condition naming a claim not declared here is refused.
      </p>
    </div>
  );

  let body;
  if (site.isPending || (canView && schema.isPending)) body = <LoadingState label="Loading the visitor schema…" />;
  else if (site.isError) body = <ErrorState message={errorMessage(site.error)} onRetry={() => void site.refetch()} />;
  else if (!canView) body = <p className="text-sm text-slate-700">Seeing this site&apos;s visitor schema needs the create role on it.</p>;
  else if (schema.isError) body = <ErrorState message={errorMessage(schema.error)} onRetry={() => void schema.refetch()} />;
  else
    body = (
      <SchemaForm
        organizationId={organizationId}
        siteId={siteId}
        initial={schema.data ? pretty(schema.data.jsonSchema) : null}
        canEdit={site.data.permissions.editAdaptiveSchema}
        adaptiveEnabled={site.data.adaptiveContent?.enabled ?? false}
      />
    );

  return (
    <section aria-labelledby="visitor-schema-heading" className="space-y-5">
      {heading}
      {body}
    </section>
  );
}

function SchemaForm({ organizationId, siteId, initial, canEdit, adaptiveEnabled }: { organizationId: string; siteId: string; initial: string | null; canEdit: boolean; adaptiveEnabled: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [text, setText] = useState(initial ?? pretty(EXAMPLE_SCHEMA));
  useEffect(() => setText(initial ?? pretty(EXAMPLE_SCHEMA)), [initial]);
  const save = useMutation(
    trpc.siteAdaptive.updateSchema.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.siteAdaptive.pathKey() });
        toast.success("Visitor schema saved.");
      },
    }),
  );
  const parsed = parseJson(text);
  const dirty = text !== (initial ?? "");
  useUnsavedWarning(dirty && canEdit);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (parsed.ok) save.mutate({ organizationId, siteId, jsonSchema: parsed.value as Parameters<typeof save.mutate>[0]["jsonSchema"] });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {!adaptiveEnabled && (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">Adaptive content is off for this site: conditions are kept but not applied until it is turned on in the site&apos;s settings.</p>
      )}
      {initial === null && <p className="text-sm text-slate-600">This site has no visitor schema yet. Below is an example to start from.</p>}
      <TextAreaField
        label="JSON Schema"
        rows={18}
        spellCheck={false}
        value={text}
        readOnly={!canEdit}
        error={parsed.ok ? undefined : parsed.error}
        hint={canEdit ? "An object schema: each claim has a type (string, number, boolean, an array or an object of them) and a description." : "Only the site's admins change the visitor schema."}
        onChange={(event) => setText(event.target.value)}
        className="font-mono text-xs"
      />
      {save.error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {schemaProblem(save.error)}
        </p>
      )}
      {canEdit && (
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending} disabled={!parsed.ok || !dirty}>
            Save visitor schema
          </Button>
        </div>
      )}
    </form>
  );
}

/** The service's refusal with where in the schema it is (its field: `jsonSchema.properties.plan.type`). */
function schemaProblem(error: unknown): string {
  const [field, message] = Object.entries(fieldErrors(error)).find(([name]) => name === "jsonSchema" || name.startsWith("jsonSchema.")) ?? [];
  if (field === undefined || message === undefined) return errorMessage(error);
  const where = field.slice("jsonSchema.".length);
  return `At ${where || "the top level"}: ${message}`;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== "object" || Array.isArray(value)) return { ok: false, error: "The schema is a JSON object ({ … })." };
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error: `Not valid JSON: ${(error as Error).message}` };
  }
}
