/** "Upload files": a picker limited to the accepted types; the chosen files go to the intake. */
import { Button } from '@blueprintjs/core';
import { useRef } from 'react';
import { ACCEPT_ATTRIBUTE } from '../../../shared/files/fileTypes';
import { useIntake } from './IntakeProvider';

export function UploadFilesButton() {
  const input = useRef<HTMLInputElement>(null);
  const { submit } = useIntake();
  return (
    <>
      <Button icon="upload" intent="primary" onClick={() => input.current?.click()}>
        Upload files
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={ACCEPT_ATTRIBUTE}
        aria-label="Files to upload"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          submit(files, 'picker');
        }}
      />
    </>
  );
}
