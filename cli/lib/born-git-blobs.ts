/** Reading blobs through one `git cat-file --batch` process. */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { SAFE_ARGS, gitEnv } from "./born-git-process";

/** A blob as `git cat-file --batch` gave it. */
type BlobRead = { text: string } | { skipped: string };

interface PendingRead {
  blob: string;
  resolve: (read: BlobRead) => void;
  reject: (error: Error) => void;
  header?: { type: string; size: number };
  /** Bytes of a too-large or non-blob object still to discard (its content and the newline after it). */
  discard?: number;
}

/**
 * One `git cat-file --batch` process for the whole call: blobs are requested by id, one at a time,
 * so paths (spaces, newlines, non-ASCII) never go through its line protocol. Large objects are
 * streamed past without being kept.
 */
export class BlobReader {
  private readonly child: ChildProcessWithoutNullStreams;
  private chunks: Buffer[] = [];
  private buffered = 0;
  private pending: PendingRead | undefined;
  private failure: Error | undefined;
  private stderr = "";

  constructor(
    cwd: string,
    signal: AbortSignal,
    private readonly maxBytes: number,
  ) {
    this.child = spawn("git", [...SAFE_ARGS, "cat-file", "--batch"], { cwd, env: gitEnv(), signal, stdio: "pipe" });
    this.child.stdout.on("data", (chunk: Buffer) => this.receive(chunk));
    this.child.stderr.on("data", (chunk: Buffer) => {
      this.stderr += chunk.toString("utf8");
    });
    this.child.on("error", (error) => this.fail(error));
    this.child.stdin.on("error", (error) => this.fail(error));
    this.child.on("close", (code) => this.fail(new Error(`git cat-file exited (${code}): ${this.stderr.trim()}`)));
  }

  read(blob: string): Promise<BlobRead> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.pending) return Promise.reject(new Error("BlobReader reads one blob at a time"));
    return new Promise((resolve, reject) => {
      this.pending = { blob, resolve, reject };
      this.child.stdin.write(`${blob}\n`);
    });
  }

  close(): void {
    this.child.stdin.end();
    if (this.pending) this.child.kill();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    const pending = this.pending;
    this.pending = undefined;
    pending?.reject(this.failure);
  }

  private take(bytes: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    const head = all.subarray(0, bytes);
    const rest = all.subarray(bytes);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return head;
  }

  private receive(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    this.advance();
  }

  private advance(): void {
    const pending = this.pending;
    if (!pending) return;
    if (pending.discard !== undefined) {
      const dropped = Math.min(pending.discard, this.buffered);
      this.take(dropped);
      pending.discard -= dropped;
      if (pending.discard > 0) return;
      this.settle({ skipped: `${pending.header?.type} of ${pending.header?.size} bytes` });
      return;
    }
    if (!pending.header) {
      const newline = this.chunks.length === 0 ? -1 : Buffer.concat(this.chunks).indexOf(10);
      if (newline === -1) return;
      const line = this.take(newline + 1)
        .toString("utf8")
        .trimEnd();
      if (line.endsWith(" missing")) {
        this.settle({ skipped: "missing" });
        return;
      }
      const [, type, size] = line.split(" ");
      pending.header = { type, size: Number(size) };
      if (type !== "blob" || pending.header.size > this.maxBytes) pending.discard = pending.header.size + 1;
      this.advance();
      return;
    }
    if (this.buffered < pending.header.size + 1) return;
    const content = this.take(pending.header.size + 1).subarray(0, pending.header.size);
    this.settle({ text: content.toString("utf8") });
  }

  private settle(read: BlobRead): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.resolve(read);
  }
}
