// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer } from '../src/features/messages/components/Composer';

// Typing fires `input` events, which React's onChange on a text field listens to, so the tests
// type with fireEvent.input.
afterEach(cleanup);

function setup(disabled = false) {
  const onSend = vi.fn();
  render(<Composer onSend={onSend} disabled={disabled} label="Message Bob" />);
  const box = screen.getByRole('textbox', { name: 'Message Bob' }) as HTMLTextAreaElement;
  return { onSend, box };
}

describe('the message composer', () => {
  it('sends the trimmed text on Enter and empties itself', () => {
    const { onSend, box } = setup();
    fireEvent.input(box, { target: { value: '  Is it still available?  ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('Is it still available?');
    expect(box.value).toBe('');
  });

  it('gives the text back when sending fails (a limit reached): nothing typed is lost', async () => {
    const onSend = vi.fn(() => Promise.reject(new Error('429')));
    render(<Composer onSend={onSend} label="Message Bob" />);
    const box = screen.getByRole('textbox', { name: 'Message Bob' }) as HTMLTextAreaElement;
    fireEvent.input(box, { target: { value: 'Is it still available?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('Is it still available?');
    await waitFor(() => expect(box.value).toBe('Is it still available?'));
  });

  it('does not send on Shift+Enter (the box adds a line)', () => {
    const { onSend, box } = setup();
    fireEvent.input(box, { target: { value: 'one' } });
    const event = fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(event).toBe(true); // not prevented: the browser inserts the new line
    expect(onSend).not.toHaveBeenCalled();
  });

  it('does nothing with empty or whitespace-only text', () => {
    const { onSend, box } = setup();
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.input(box, { target: { value: ' \n\t ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.submit(box.form as HTMLFormElement);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('does nothing when no conversation is selected', () => {
    const { onSend, box } = setup(true);
    fireEvent.input(box, { target: { value: 'hello' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('grows at most to 120 px', () => {
    const { box } = setup();
    Object.defineProperty(box, 'scrollHeight', { configurable: true, value: 300 });
    fireEvent.input(box, { target: { value: 'a\nb\nc\nd\ne\nf\ng\nh' } });
    expect(box.style.height).toBe('120px');
    expect(box.style.overflowY).toBe('auto');
  });
});
