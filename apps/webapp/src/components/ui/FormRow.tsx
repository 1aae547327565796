import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";

/** Props a control must spread to be wired to its label, hint and error. */
export interface ControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

export interface FormRowProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Text shown glued before / after the control (input group), e.g. a base topic or a unit. */
  prefix?: ReactNode;
  postfix?: ReactNode;
  /** Renders the control with the ids and aria attributes. */
  children: (control: ControlProps) => ReactNode;
}

/** A labelled form row (label left, control right from md up), ids from useId, aria wired. */
export function FormRow({ label, hint, error, prefix, postfix, children }: FormRowProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errId = error ? `${id}-err` : undefined;
  const describedBy = [hintId, errId].filter(Boolean).join(" ") || undefined;
  const control = children({
    id,
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(error ? { "aria-invalid": true as const } : {}),
  });
  return (
    <div className="row mb-3">
      <label htmlFor={id} className="col-md-4 col-form-label">
        {label}
      </label>
      <div className="col-md-8">
        {prefix || postfix ? (
          <div className={`input-group${error ? " has-validation" : ""}`}>
            {prefix && <span className="input-group-text">{prefix}</span>}
            {control}
            {postfix && <span className="input-group-text">{postfix}</span>}
          </div>
        ) : (
          control
        )}
        {error && (
          <div id={errId} className="invalid-feedback d-block">
            {error}
          </div>
        )}
        {hint && (
          <div id={hintId} className="form-text">
            {hint}
          </div>
        )}
      </div>
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "prefix">;

/** Text/number/password input in a FormRow. */
export function InputField({
  label,
  hint,
  error,
  prefix,
  postfix,
  className,
  ...input
}: Omit<FormRowProps, "children"> & InputProps) {
  return (
    <FormRow label={label} hint={hint} error={error} prefix={prefix} postfix={postfix}>
      {(c) => (
        <input className={`form-control${error ? " is-invalid" : ""} ${className ?? ""}`} {...c} {...input} />
      )}
    </FormRow>
  );
}

/** Select in a FormRow; options as [value, text] pairs. */
export function SelectField({
  label,
  hint,
  error,
  options,
  ...select
}: Omit<FormRowProps, "children" | "prefix" | "postfix"> &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & { options: readonly (readonly [string, string])[] }) {
  return (
    <FormRow label={label} hint={hint} error={error}>
      {(c) => (
        <select className={`form-select${error ? " is-invalid" : ""}`} {...c} {...select}>
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FormRow>
  );
}

/** Checkbox (or switch) with the label beside it, laid out like a FormRow. */
export function CheckField({
  label,
  hint,
  switchStyle = false,
  ...input
}: { label: ReactNode; hint?: ReactNode; switchStyle?: boolean } & Omit<InputProps, "type">) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="row mb-3">
      <div className="col-md-8 offset-md-4">
        <div className={`form-check${switchStyle ? " form-switch" : ""}`}>
          <input
            type="checkbox"
            className="form-check-input"
            id={id}
            role={switchStyle ? "switch" : undefined}
            aria-describedby={hintId}
            {...input}
          />
          <label className="form-check-label" htmlFor={id}>
            {label}
          </label>
        </div>
        {hint && (
          <div id={hintId} className="form-text">
            {hint}
          </div>
        )}
      </div>
    </div>
  );
}
