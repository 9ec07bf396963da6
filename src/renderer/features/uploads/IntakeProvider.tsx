/**
 * Getting files into the upload queue from the window: a full-window drop overlay ("Drop files to
 * upload"), the picker (UploadFilesButton) and the duplicate question ("Skip" / "Upload anyway")
 * when a file's name and content match a raw file of the company. In Electron the files' paths go
 * to `uploads:enqueuePaths`; in the browser build each file is streamed to the host's spool.
 */
import { Button, Dialog, DialogBody, DialogFooter, Icon } from '@blueprintjs/core';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { EnqueuePathResult } from '../../../shared/ipc/contract';
import { describeError } from '../../app/errors';
import { useAppSelector } from '../../app/hooks';
import { useServices } from '../../app/services';
import { readBridgeToken, windowKeyStore } from '../../app/bridge';
import { toastError, toastSuccess } from '../../components/toaster';
import { useViewer } from '../auth/useViewer';
import {
  describeOutcome,
  filesOfDrop,
  filesToSend,
  findDuplicates,
  sha256Of,
  spoolFile,
} from './intake';

export const INTAKE_FAILED = 'The files could not be added to the upload queue. Please try again.';
export const NO_FILE_PATHS =
  'This version of the desktop app cannot read the location of dropped files. Please update LexDesk.';

type Source = 'drop' | 'picker';
type PathResolver = (file: File) => string;

interface Intake {
  submit(files: File[], source: Source): void;
}
const IntakeContext = createContext<Intake | null>(null);

export function useIntake(): Intake {
  const intake = useContext(IntakeContext);
  if (!intake) throw new Error('useIntake is used outside <IntakeProvider>.');
  return intake;
}

/** webUtils.getPathForFile as the preload exposes it (Electron 32+ has no File.path). */
function pathResolver(): PathResolver | null {
  const desktop = (window as Window & { desktop?: { getPathForFile?: PathResolver } }).desktop;
  return typeof desktop?.getPathForFile === 'function' ? desktop.getPathForFile : null;
}

interface Pending {
  files: File[];
  duplicates: File[];
  source: Source;
}

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

export function IntakeProvider({ children }: { children: ReactNode }) {
  const { bridge, info } = useServices();
  const token = useAppSelector((state) => state.auth.token);
  const companyId = useViewer()?.company.id ?? '';
  const [dragging, setDragging] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);

  const send = useCallback(
    async (files: File[], source: Source, allowDuplicate: boolean) => {
      if (files.length === 0) return;
      let results: EnqueuePathResult[] = [];
      if (info.transport === 'electron') {
        const resolve = pathResolver();
        if (!resolve) throw new Error(NO_FILE_PATHS);
        const paths = files.map(resolve).filter((path) => path !== '');
        if (paths.length === 0) throw new Error(NO_FILE_PATHS);
        const answer = await bridge.uploads.enqueuePaths({
          paths,
          company_id: companyId,
          source,
          ...(allowDuplicate ? { allowDuplicate } : {}),
        });
        results = answer.results;
      } else {
        const bridgeToken = readBridgeToken(document);
        const windowKey = windowKeyStore(window).get();
        for (const file of files) {
          results.push(
            ...(await spoolFile({
              origin: window.location.origin,
              bridgeToken,
              windowKey,
              companyId,
              file,
            })),
          );
        }
      }
      const { queued, problems } = describeOutcome(results);
      if (queued > 0)
        toastSuccess(
          queued === 1 ? '1 file queued for upload.' : `${queued} files queued for upload.`,
        );
      for (const problem of problems.slice(0, 3)) toastError(problem);
    },
    [bridge, companyId, info.transport],
  );

  const submit = useCallback(
    (files: File[], source: Source) => {
      if (files.length === 0 || !companyId || !token) return;
      void (async () => {
        try {
          const hashed = await Promise.all(
            files.map(async (file) => ({ file, sha256: await sha256Of(file).catch(() => null) })),
          );
          const names = await findDuplicates({
            serverUrl: info.serverUrl,
            token,
            companyId,
            files: hashed.map(({ file, sha256 }) => ({ name: file.name, sha256 })),
          }).catch((error: unknown) => {
            console.warn('[uploads] duplicate check failed; uploading without it', error);
            return new Set<string>();
          });
          const duplicates = files.filter((file) => names.has(file.name));
          if (duplicates.length > 0) {
            setPending({ files, duplicates, source });
            return;
          }
          await send(files, source, false);
        } catch (error) {
          toastError(
            error instanceof Error && error.message === NO_FILE_PATHS
              ? NO_FILE_PATHS
              : describeError(error, INTAKE_FAILED),
          );
        }
      })();
    },
    [companyId, info.serverUrl, send, token],
  );

  const decide = (uploadDuplicates: boolean) => {
    if (!pending) return;
    setPending(null);
    const chosen = filesToSend(pending.files, pending.duplicates, uploadDuplicates);
    send(chosen, pending.source, uploadDuplicates).catch((error: unknown) =>
      toastError(describeError(error, INTAKE_FAILED)),
    );
  };

  useEffect(() => {
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth += 1;
      setDragging(true);
    };
    const over = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const leave = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      if (!hasFiles(event) || !event.dataTransfer) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      filesOfDrop(event.dataTransfer)
        .then((files) => submit(files, 'drop'))
        .catch((error: unknown) => toastError(describeError(error, INTAKE_FAILED)));
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [submit]);

  const intake = useMemo(() => ({ submit }), [submit]);
  return (
    <IntakeContext.Provider value={intake}>
      {children}
      {dragging ? (
        <div className="ld-drop-overlay" role="presentation">
          <div className="ld-drop-message">
            <Icon icon="cloud-upload" size={48} />
            <span>Drop files to upload</span>
          </div>
        </div>
      ) : null}
      <Dialog
        isOpen={pending !== null}
        onClose={() => decide(false)}
        title="Already uploaded"
        icon="duplicate"
      >
        <DialogBody>
          <p>
            {pending && pending.duplicates.length === 1
              ? 'This file was uploaded before (same name and content):'
              : 'These files were uploaded before (same name and content):'}
          </p>
          <ul className="ld-duplicate-list">
            {pending?.duplicates.slice(0, 10).map((file) => (
              <li key={`${file.name}-${file.size}-${file.lastModified}`}>{file.name}</li>
            ))}
          </ul>
          {pending && pending.duplicates.length > 10 ? (
            <p>and {pending.duplicates.length - 10} more.</p>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={() => decide(false)}>Skip</Button>
              <Button intent="primary" onClick={() => decide(true)}>
                Upload anyway
              </Button>
            </>
          }
        />
      </Dialog>
    </IntakeContext.Provider>
  );
}
