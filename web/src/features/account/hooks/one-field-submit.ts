import { type FormEvent, useState } from 'react';
import { failureSentence } from '../failure';

/**
 * The submit of a one-field form (OneFieldForm): the field's own check first (its sentence, or
 * nothing when it passes), then `send`; a failure is shown under the field. With `staysBusy`, the
 * button stays busy after a success, since `send` then leaves the page.
 */
export function useOneFieldSubmit(
  check: () => string | undefined,
  send: () => Promise<void>,
  { staysBusy = false } = {},
) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = check();
    if (invalid) return setError(invalid);
    setError(undefined);
    setBusy(true);
    try {
      await send();
      if (!staysBusy) setBusy(false);
    } catch (failure) {
      setBusy(false);
      setError(failureSentence(failure));
    }
  };
  return { error, busy, submit };
}
