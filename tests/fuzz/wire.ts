/**
 * Sends a case's request as raw HTTP over loopback (node:http, not fetch: the fuzzer needs to send
 * what fetch refuses, like broken multipart bodies or tus headers with odd values).
 */
import http from 'node:http';
import type { WireReply, WireRequest } from './types';

const KEEP = 64 * 1024;
/**
 * A connection per request: the server closes connections after some broken requests, and a kept
 * one reused after that would fail on the client's side ("socket hang up"), not the server's.
 */
const agent = new http.Agent({ keepAlive: false });

export class Unsendable extends Error {}

export function send(origin: URL, request: WireRequest, timeoutMs: number): Promise<WireReply> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let req: http.ClientRequest;
    try {
      req = http.request({
        host: origin.hostname,
        port: origin.port,
        method: request.method,
        path: request.path,
        headers: {
          ...request.headers,
          ...(request.body ? { 'content-length': String(request.body.length) } : {}),
        },
        agent,
      });
    } catch (error) {
      // Node refused to write it (a NUL in a header, say): no server would ever see it.
      reject(new Unsendable(error instanceof Error ? error.message : String(error)));
      return;
    }
    const timer = setTimeout(
      () => req.destroy(new Error(`no reply within ${timeoutMs} ms`)),
      timeoutMs,
    );
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.on('response', (response) => {
      if (/event-stream|multipart\/mixed/.test(String(response.headers['content-type']))) {
        // A subscription's stream: it is open by design; its status and headers are the answer.
        clearTimeout(timer);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: '',
          ms: performance.now() - started,
        });
        response.on('error', () => undefined);
        req.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      let kept = 0;
      response.on('data', (chunk: Buffer) => {
        if (kept < KEEP) chunks.push(chunk);
        kept += chunk.length;
      });
      response.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      response.on('end', () => {
        clearTimeout(timer);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).subarray(0, KEEP).toString('utf8'),
          ms: performance.now() - started,
        });
      });
    });
    req.end(request.body);
  });
}

/** Ends any open sockets (at the end of a run). */
export function closeConnections(): void {
  agent.destroy();
}
