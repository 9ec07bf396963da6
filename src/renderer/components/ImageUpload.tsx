/**
 * An image picker that uploads as soon as a file is chosen: shows the current image (or a
 * placeholder), a local preview while the upload runs, its progress, and the server's refusal
 * message in a Callout. The file input itself carries the accessible label (e.g. "Company icon").
 */
import { Button, Callout, Intent, ProgressBar } from '@blueprintjs/core';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { UploadError } from '../app/upload';

export interface ImageUploadProps {
  label: string;
  imageUrl: string | null;
  placeholder: ReactNode;
  disabled?: boolean;
  progress: number | null;
  fallbackError: string;
  hint?: string;
  upload(file: File): Promise<void>;
  shape?: 'square' | 'round';
  /** Shown beside the image, above the upload button (e.g. who the avatar belongs to). */
  children?: ReactNode;
}

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/svg+xml,.png,.jpg,.jpeg,.svg';

export function ImageUpload(props: ImageUploadProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = props.progress !== null;

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  async function onChosen(file: File | undefined) {
    if (!file) return;
    setError(null);
    setPreview(URL.createObjectURL(file));
    try {
      await props.upload(file);
    } catch (failure) {
      setError(failure instanceof UploadError ? failure.message : props.fallbackError);
    } finally {
      setPreview(null);
      if (input.current) input.current.value = '';
    }
  }

  const shown = preview ?? props.imageUrl;
  return (
    <div className="ld-image-upload">
      <div className={`ld-image-frame ld-image-frame-${props.shape ?? 'square'}`}>
        {shown ? <img src={shown} alt="" /> : props.placeholder}
      </div>
      <div className="ld-image-upload-body">
        {props.children}
        <input
          ref={input}
          id={inputId}
          className="ld-visually-hidden"
          type="file"
          accept={IMAGE_ACCEPT}
          aria-label={props.label}
          disabled={props.disabled || busy}
          onChange={(event) => void onChosen(event.target.files?.[0])}
        />
        <Button
          icon="upload"
          disabled={props.disabled || busy}
          loading={busy}
          onClick={() => input.current?.click()}
          aria-hidden="true"
          tabIndex={-1}
        >
          {props.imageUrl ? 'Replace image' : 'Upload image'}
        </Button>
        {props.hint ? <p className="ld-hint">{props.hint}</p> : null}
        {busy ? (
          <ProgressBar
            className="ld-upload-progress"
            intent={Intent.PRIMARY}
            value={(props.progress ?? 0) / 100}
          />
        ) : null}
        {error ? (
          <Callout className="ld-callout" intent={Intent.DANGER} icon="error" role="alert">
            {error}
          </Callout>
        ) : null}
      </div>
    </div>
  );
}
