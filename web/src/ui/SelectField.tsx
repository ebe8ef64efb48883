import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import { inputClass } from './Field';

/** A labelled `<select>` in the form's look. */
export function SelectField({
  label,
  children,
  ...select
}: { label: string; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="grid grid-cols-1 gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} className={inputClass} {...select}>
        {children}
      </select>
    </div>
  );
}
