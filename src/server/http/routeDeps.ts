/**
 * What every domain's REST routes receive. Its own file, importing no domain's routes, so that
 * domains/<name>/routes.ts and http/routes.ts (which registers them) do not import each other.
 */
import type { ServerConfig } from '../config';
import type { Services } from '../services';

export interface RouteDeps {
  services: Services;
  config: ServerConfig;
  /** Called once a raw file's bytes are stored (status Uploaded): queues it for the pipeline. */
  onRawFileUploaded?: (rawFileId: string) => void;
}
