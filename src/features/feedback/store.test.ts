import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $feedback, closeFeedback, pauseFeedback, resumeFeedback, showFeedback } from './store.ts';

describe('feedback messages', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    $feedback.set([]);
  });
  afterEach(() => vi.useRealTimers());

  it('is open, closes after 5000 ms and is removed 300 ms later', () => {
    showFeedback('success', 'Saved');
    expect($feedback.get()).toMatchObject([{ kind: 'success', message: 'Saved', status: 'open', closeAfterMs: 5000 }]);
    vi.advanceTimersByTime(4999);
    expect($feedback.get()[0]?.status).toBe('open');
    vi.advanceTimersByTime(1);
    expect($feedback.get()[0]?.status).toBe('closing');
    vi.advanceTimersByTime(299);
    expect($feedback.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($feedback.get()).toHaveLength(0);
  });

  it('pauses while hovered and resumes with the time left', () => {
    const id = showFeedback('info', 'Hello');
    vi.advanceTimersByTime(3000);
    pauseFeedback(id);
    vi.advanceTimersByTime(60_000);
    expect($feedback.get()[0]?.status).toBe('open');
    resumeFeedback(id);
    vi.advanceTimersByTime(1999);
    expect($feedback.get()[0]?.status).toBe('open');
    vi.advanceTimersByTime(1);
    expect($feedback.get()[0]?.status).toBe('closing');
  });

  it('closes on demand and replaces a message of the same namespace', () => {
    const first = showFeedback('warning', 'One', { namespace: 'wallet' });
    showFeedback('warning', 'Two', { namespace: 'wallet' });
    expect($feedback.get().map((m) => m.message)).toEqual(['Two']);
    closeFeedback(first);
    expect($feedback.get()).toHaveLength(1);
    const id = $feedback.get()[0]!.id;
    closeFeedback(id);
    vi.advanceTimersByTime(300);
    expect($feedback.get()).toHaveLength(0);
  });
});
