import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './clipboard.ts';

const area = () => ({ focus: vi.fn(), select: vi.fn() });

afterEach(() => vi.unstubAllGlobals());

describe('copyText', () => {
  it('uses the Clipboard API when there is one', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const a = area();
    expect(await copyText('000201...', a)).toBe(true);
    expect(writeText).toHaveBeenCalledWith('000201...');
    expect(a.select).not.toHaveBeenCalled();
  });

  it('falls back to selecting the area and execCommand when the Clipboard API refuses', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: async () => Promise.reject(new Error('denied')) } });
    const execCommand = vi.fn(() => true);
    vi.stubGlobal('document', { execCommand });
    const a = area();
    expect(await copyText('x', a)).toBe(true);
    expect(a.select).toHaveBeenCalled();
    expect(execCommand).toHaveBeenCalledWith('copy');
  });

  it('answers false when nothing can copy, leaving the text selected', async () => {
    vi.stubGlobal('navigator', {});
    vi.stubGlobal('document', { execCommand: () => false });
    const a = area();
    expect(await copyText('x', a)).toBe(false);
    expect(a.select).toHaveBeenCalled();
    expect(await copyText('x', null)).toBe(false);
  });
});
