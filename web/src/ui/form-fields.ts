import { useState } from 'react';

/**
 * A form's text fields and their errors. `bind(name)` gives a `Field` its value, change handler
 * and error; with `clearErrorOnChange`, typing in a field clears its error.
 */
export function useFormFields<T extends { [K in keyof T]: string }>(
  initial: T | (() => T),
  { clearErrorOnChange = false } = {},
) {
  const [fields, setFields] = useState<T>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});
  const bind = (name: keyof T) => ({
    value: fields[name],
    onChange: (event: { target: { value: string } }) => {
      setFields((f) => ({ ...f, [name]: event.target.value }));
      if (clearErrorOnChange) setErrors((e) => ({ ...e, [name]: undefined }));
    },
    error: errors[name],
  });
  return { fields, setFields, errors, setErrors, bind };
}
