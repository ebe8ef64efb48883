import { ALLOWED_IMAGE_TYPES } from '@waco/contracts';
import { Camera } from 'lucide-react';
import { useRef } from 'react';
import { t } from '../i18n/i18n';
import { buttonClass } from './button';

/**
 * A photo's button: it opens the file chooser of a hidden file input (a styled button reads
 * better than the browser's own control). `onPick` has the file and the input, which a caller
 * may empty so that choosing the same file again picks it again.
 */
export function PhotoButton({
  label,
  inputLabel,
  uploading,
  onPick,
  testId,
}: {
  label: string;
  /** The file input's name for assistive technology. */
  inputLabel: string;
  uploading: boolean;
  onPick(file: File | undefined, input: HTMLInputElement): void;
  testId?: string;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className={buttonClass('outline', 'sm')}
        disabled={uploading}
        onClick={() => fileInput.current?.click()}
      >
        <Camera aria-hidden className="size-4" />
        {uploading ? t('Uploading…') : label}
      </button>
      <input
        ref={fileInput}
        type="file"
        accept={ALLOWED_IMAGE_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-label={inputLabel}
        data-testid={testId}
        onChange={(event) => onPick(event.target.files?.[0], event.currentTarget)}
      />
    </>
  );
}
