import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from './after-paint.ts';

type Listener = () => void;

describe('afterPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('resolves in a task after the next animation frame, not before it', async () => {
    vi.useFakeTimers();
    let frame: FrameRequestCallback | null = null;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frame = callback;
      return 1;
    });
    let done = false;
    void afterPaint(1_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(50);
    expect(done).toBe(false);
    frame!(0);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it('resolves after the fallback where no frame comes (a hidden tab)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 1);
    let done = false;
    void afterPaint(100).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});

describe('afterPaintThen', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /** A fresh copy of the module (it listens for the page being put away once), with a page to drive. */
  async function setUp() {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    const listeners = new Map<string, Listener>();
    const page = { visibilityState: 'visible' };
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
      frames.push(callback),
    );
    vi.stubGlobal('addEventListener', (type: string, listener: Listener) =>
      listeners.set(type, listener),
    );
    vi.stubGlobal('document', page);
    const { afterPaintThen } = await import('./after-paint.ts');
    const paint = async () => {
      for (const frame of frames.splice(0)) frame(0);
      await vi.advanceTimersByTimeAsync(0);
    };
    return { afterPaintThen, paint, listeners, page };
  }

  it('starts the task after the next paint and resolves to its result', async () => {
    const { afterPaintThen, paint } = await setUp();
    const started: string[] = [];
    const result = afterPaintThen(async () => {
      started.push('save');
      return 'saved';
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(started).toEqual([]);
    await paint();
    expect(started).toEqual(['save']);
    await expect(result).resolves.toBe('saved');
  });

  it('starts waiting tasks at once, inside the listener, when the page is closed', async () => {
    const { afterPaintThen, paint, listeners } = await setUp();
    const started: number[] = [];
    void afterPaintThen(async () => started.push(1));
    void afterPaintThen(async () => started.push(2));
    listeners.get('pagehide')!();
    expect(started).toEqual([1, 2]);
    // The paint that follows does not start them again.
    await paint();
    await vi.advanceTimersByTimeAsync(200);
    expect(started).toEqual([1, 2]);
  });

  it('starts them when the page is hidden, not when it is shown again', async () => {
    const { afterPaintThen, listeners, page } = await setUp();
    const started: string[] = [];
    void afterPaintThen(async () => started.push('save'));
    listeners.get('visibilitychange')!();
    expect(started).toEqual([]);
    page.visibilityState = 'hidden';
    listeners.get('visibilitychange')!();
    expect(started).toEqual(['save']);
  });

  it('rejects with what the task throws, even before its first await', async () => {
    const { afterPaintThen, paint } = await setUp();
    const result = afterPaintThen<never>(() => {
      throw new Error('refused');
    });
    const settled = result.catch((error: Error) => error.message);
    await paint();
    await expect(settled).resolves.toBe('refused');
  });
});
