/**
 * The streamed PATCH of the tus client, through node:http: `pipeline(file, counter, request)`
 * keeps backpressure, so memory stays flat whatever the file size (fetch with a streamed body
 * buffered the whole file here).
 */
import { createReadStream } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface PatchAnswer {
  status: number;
  offset: number | null;
  body: string;
}

export interface StreamPatchOptions {
  filePath: string;
  offset: number;
  headers: Record<string, string>;
  signal: AbortSignal;
  chunkBytes?: number;
  /** Called as each chunk leaves (resets the stall timer). */
  onChunk: () => void;
  /** Total bytes the server has (offset + bytes sent so far). */
  onProgress?: (serverBytes: number) => void;
}

export function streamPatch(url: string, options: StreamPatchOptions): Promise<PatchAnswer> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PatchAnswer>((resolve, reject) => {
    const req = send(target, { method: 'PATCH', signal: options.signal, headers: options.headers });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        if (chunks.length < 64) chunks.push(chunk);
      });
      res.on('error', reject);
      res.on('end', () => {
        const raw = res.headers['upload-offset'];
        resolve({
          status: res.statusCode ?? 0,
          offset: typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : null,
          body: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    let sent = options.offset;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        options.onChunk();
        sent += chunk.length;
        options.onProgress?.(sent);
        done(null, chunk);
      },
    });
    const file = createReadStream(options.filePath, {
      start: options.offset,
      highWaterMark: options.chunkBytes ?? 1024 * 1024,
    });
    pipeline(file, counter, req).catch(reject);
  });
}
