import clsx from "clsx";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useId } from "react";

const control =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm shadow-xs placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-1 focus:ring-indigo-500 disabled:bg-slate-50";

/** A labelled form control with an optional hint and error, wired for screen readers. */
function Field({ label, hint, error, children }: { label: string; hint?: ReactNode; error?: string; children: (id: string, describedBy?: string) => ReactNode }) {
  const id = useId();
  const describedBy = describedById(id, hint, error);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children(id, describedBy)}
      <FieldMessage id={id} hint={hint} error={error} />
    </div>
  );
}

/** The element describing a control (`aria-describedby`): its error, else its hint. */
function describedById(id: string, hint: ReactNode, error: string | undefined): string | undefined {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

/** The error under a control, else its hint, with the ids `describedById` names. */
function FieldMessage({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  if (error)
    return (
      <p id={`${id}-error`} className="text-sm text-red-600">
        {error}
      </p>
    );
  if (hint)
    return (
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint}
      </p>
    );
  return null;
}

/** A checkbox with its label beside it, and its hint or error under the label. */
export function CheckboxField({ label, hint, error, className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label: string; hint?: ReactNode; error?: string }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        aria-describedby={describedById(id, hint, error)}
        aria-invalid={error ? true : undefined}
        className={clsx("mt-0.5 size-4 accent-indigo-600", className)}
        {...props}
      />
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <FieldMessage id={id} hint={hint} error={error} />
      </div>
    </div>
  );
}

export function TextField({ label, hint, error, className, ...props }: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: ReactNode; error?: string }) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(id, describedBy) => <input id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} className={clsx(control, className)} {...props} />}
    </Field>
  );
}

export function TextAreaField({ label, hint, error, className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; hint?: ReactNode; error?: string }) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(id, describedBy) => <textarea id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} className={clsx(control, className)} {...props} />}
    </Field>
  );
}

export function SelectField({
  label,
  hint,
  error,
  options,
  className,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; hint?: ReactNode; error?: string; options: { value: string; label: string }[] }) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(id, describedBy) => (
        <select id={id} aria-describedby={describedBy} className={clsx(control, className)} {...props}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
