/**
 * A small fixed-size pool of reusable resources (OCR workers, or plain slots for CLI processes).
 * Jobs wait in FIFO order for a free member; a member is destroyed and replaced lazily after
 * `recycleAfter` jobs, or at once when a job fails with it (it may be in a bad state).
 */
export interface PoolOptions<T> {
  size: number;
  create: () => Promise<T>;
  destroy: (member: T) => Promise<void>;
  /** Replace a member after this many jobs; Infinity to keep it. */
  recycleAfter?: number;
}

interface Slot<T> {
  member: T | null;
  jobs: number;
}

export class Pool<T> {
  private readonly free: Array<Slot<T>> = [];
  private readonly waiting: Array<(slot: Slot<T>) => void> = [];
  private readonly all: Array<Slot<T>> = [];
  private closed = false;

  constructor(private readonly options: PoolOptions<T>) {
    const size = Math.max(1, Math.floor(options.size));
    for (let i = 0; i < size; i += 1) {
      const slot: Slot<T> = { member: null, jobs: 0 };
      this.all.push(slot);
      this.free.push(slot);
    }
  }

  get size(): number {
    return this.all.length;
  }

  async run<R>(job: (member: T) => Promise<R>): Promise<R> {
    if (this.closed) throw new Error('pool is closed');
    const slot = await this.acquire();
    try {
      const recycleAfter = this.options.recycleAfter ?? Number.POSITIVE_INFINITY;
      if (slot.member !== null && slot.jobs >= recycleAfter) await this.retire(slot);
      if (slot.member === null) {
        slot.member = await this.options.create();
        slot.jobs = 0;
      }
      slot.jobs += 1;
      try {
        return await job(slot.member);
      } catch (error) {
        await this.retire(slot);
        throw error;
      }
    } finally {
      this.release(slot);
    }
  }

  /** Destroys every member; running jobs finish first. */
  async close(): Promise<void> {
    this.closed = true;
    const slots = await Promise.all(this.all.map(() => this.acquire()));
    await Promise.all(slots.map((slot) => this.retire(slot)));
  }

  private acquire(): Promise<Slot<T>> {
    const slot = this.free.shift();
    if (slot) return Promise.resolve(slot);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(slot: Slot<T>): void {
    const next = this.waiting.shift();
    if (next) next(slot);
    else this.free.push(slot);
  }

  private async retire(slot: Slot<T>): Promise<void> {
    const member = slot.member;
    slot.member = null;
    slot.jobs = 0;
    if (member !== null) await this.options.destroy(member).catch(() => undefined);
  }
}
