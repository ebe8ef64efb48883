/**
 * What the reader did on a server-rendered page before React took it over, held by the page's
 * head script (web/public/theme-init.js, part 4) and replayed here once the page is hydrated.
 */
interface HeldInput {
  held: Array<{
    form?: HTMLFormElement;
    submitter?: HTMLElement | null;
    button?: HTMLButtonElement;
    /** The button's click came before the app ran too (else only its press did). */
    clicked?: boolean;
  }>;
  stop: () => void;
}

declare global {
  interface Window {
    __heldInput?: HeldInput;
  }
}

const TEXT_FIELDS =
  'input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden]), textarea';

/** A task later: React has committed what the last event changed (it flushes in a microtask). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Text typed (or filled in by the browser) before hydration is in the field but not in React's
 * state: React keeps the field's value as it hydrates, and its change tracker takes that value as
 * already seen. Setting the rendered value through the element (which the tracker records), then
 * the typed one past it, makes the next input event a change React hands to the field's onChange.
 * All values are read first, and each field waits for the last one's render: that render sets the
 * other controlled fields back to their state's value, and a handler reads the state committed.
 */
function typedText(root: ParentNode) {
  return [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELDS)]
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => ({ field, value: field.value }));
}

/** Text noted just before hydrating: a render right after it may set the fields back. */
let typedBefore: ReturnType<typeof typedText> = [];

async function announceTypedText(root: ParentNode) {
  // What was noted, and what was typed since (while the page hydrated).
  const now = typedText(root).filter(({ field }) => !typedBefore.some((t) => t.field === field));
  const typed = [...typedBefore.splice(0), ...now];
  for (const { field, value } of typed) {
    const prototype = Object.getPrototypeOf(field) as HTMLInputElement | HTMLTextAreaElement;
    const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
    if (!setValue || !field.isConnected) continue;
    field.value = field.defaultValue;
    setValue.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    await nextTask();
  }
}

/** Choices made on the server's page before hydration (noted by `noteEarlyChoices`). */
const choices: Array<
  { box: HTMLInputElement; checked: boolean } | { select: HTMLSelectElement; value: string }
> = [];

/**
 * Notes the choices the reader made before hydration: a radio chosen, a box ticked, an option
 * selected. Called just before hydrating: React sets each box back to what it rendered as it
 * hydrates (it keeps typed text, not choices), and `replayEarlyInput` makes them again.
 */
export function noteEarlyChoices(root: ParentNode = document) {
  typedBefore = typedText(root);
  const boxes = root.querySelectorAll<HTMLInputElement>('input[type=radio], input[type=checkbox]');
  for (const box of boxes) {
    // A radio chosen unchecks the group's rendered one: only the chosen one is made again.
    if (box.checked !== box.defaultChecked && (box.type === 'checkbox' || box.checked))
      choices.push({ box, checked: box.checked });
  }
  for (const select of root.querySelectorAll<HTMLSelectElement>('select')) {
    const rendered = [...select.options].find((o) => o.defaultSelected) ?? select.options[0];
    if (rendered && select.value !== rendered.value) choices.push({ select, value: select.value });
  }
}

/**
 * Makes the noted choices again through their elements, which React hears as the reader's own.
 * The element may still show the choice (React sets it back at its next render, not at once):
 * each is undone first, then made.
 */
async function announceChoices() {
  for (const choice of choices.splice(0)) {
    if ('box' in choice) {
      if (!choice.box.isConnected) continue;
      choice.box.checked = !choice.checked;
      choice.box.click();
    } else {
      if (!choice.select.isConnected) continue;
      choice.select.value = choice.value;
      choice.select.dispatchEvent(new Event('change', { bubbles: true }));
    }
    await nextTask();
  }
}

/** Replays the held input, once: the choices made and the text typed, then each form sent and button pressed. */
export async function replayEarlyInput(root: ParentNode = document) {
  const early = window.__heldInput;
  if (!early) return;
  early.stop();
  window.__heldInput = undefined;
  await announceChoices();
  await announceTypedText(root);
  if (early.held.length > 0) await nextTask();
  for (const { form, submitter, button, clicked } of early.held.splice(0)) {
    if (form?.isConnected) {
      const ownSubmitter = submitter instanceof HTMLButtonElement && submitter.form === form;
      form.requestSubmit(ownSubmitter ? submitter : undefined);
    } else if (button?.isConnected) {
      // The press, then the click: a menu (Radix) opens on the pointer's press, a tab on the
      // mouse's, a plain button on the click. A click that came after hydration went to the app.
      const press = { bubbles: true, cancelable: true, button: 0 };
      button.dispatchEvent(
        new PointerEvent('pointerdown', { ...press, pointerType: 'mouse', isPrimary: true }),
      );
      button.dispatchEvent(new MouseEvent('mousedown', press));
      if (clicked) button.click();
    }
  }
}
