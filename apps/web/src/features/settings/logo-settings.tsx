import { thumbnailUrlOf } from '@tillbook/contract';
import { useId, useRef, useState } from 'react';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { apiErrorOf } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { useRemoveLogo, useUploadLogo } from './api.ts';

/** What the server takes (lib/media.ts on the server); checked here first to spare a long upload. */
const acceptedTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const maxBytes = 5 * 1024 * 1024;
export const logoTooLargeMessage = 'The logo may not be larger than 5 MB.';

/** The server's message for the logo field (a 422), or its general message. */
function logoErrorOf(error: unknown): string {
  const { fieldErrors, message } = apiErrorOf(error);
  return fieldErrors.logo ?? message;
}

type LogoSettingsProps = { logoUrl: string | null; businessName: string };

/** The business logo: shown on the login screen and on receipts. */
export function LogoSettings({ logoUrl, businessName }: LogoSettingsProps) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const [error, setError] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const isBusy = upload.isPending || remove.isPending;

  function chooseFile(file: File | undefined) {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    setError(null);
    if (file.size > maxBytes) {
      setError(logoTooLargeMessage);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notify.success('Logo uploaded.'),
      onError: (failure) => setError(logoErrorOf(failure)),
    });
  }

  function confirmRemove() {
    setError(null);
    remove.mutate(undefined, {
      onSuccess: () => {
        notify.success('Logo removed.');
        setIsConfirming(false);
      },
      onError: (failure) => {
        setError(logoErrorOf(failure));
        setIsConfirming(false);
      },
    });
  }

  return (
    <Block title="Logo">
      <div className="flex flex-wrap items-start gap-6">
        <div className="flex h-24 w-48 items-center justify-center rounded-md border border-dashed border-gray-300 bg-gray-50 p-2">
          {logoUrl ? (
            <img src={thumbnailUrlOf(logoUrl)} alt={`${businessName} logo`} className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="text-center text-xs text-gray-500">No logo yet</span>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <p className="text-sm text-gray-600">
            Shown on the login screen and on receipts. PNG, JPEG, WebP or GIF, up to 5 MB; a wide image about 400 × 100
            pixels looks best. The login screen shows a new logo after it is reloaded.
          </p>
          <div className="flex flex-wrap gap-2">
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={acceptedTypes.join(',')}
              className="sr-only"
              tabIndex={-1}
              aria-describedby={error ? messageId : undefined}
              aria-invalid={error ? true : undefined}
              disabled={isBusy}
              onChange={(event) => chooseFile(event.target.files?.[0])}
            />
            <Button variant="secondary" disabled={isBusy} onClick={() => inputRef.current?.click()}>
              {upload.isPending ? 'Uploading…' : logoUrl ? 'Replace logo' : 'Upload logo'}
            </Button>
            <label htmlFor={inputId} className="sr-only">
              Logo file
            </label>
            {logoUrl && (
              <Button variant="ghost" className="text-red-700" disabled={isBusy} onClick={() => setIsConfirming(true)}>
                Remove logo
              </Button>
            )}
          </div>
          {error && (
            <p id={messageId} role="alert" className="text-sm text-red-600">
              {error}
            </p>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={isConfirming}
        title="Remove the logo?"
        confirmLabel="Remove"
        isBusy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setIsConfirming(false)}
      >
        It is taken off the login screen and receipts. You can upload a logo again at any time.
      </ConfirmDialog>
    </Block>
  );
}
