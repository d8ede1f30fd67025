import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileNameFromDisposition, saveFile } from './download.ts';

describe('fileNameFromDisposition', () => {
  it('reads the quoted, the bare and the RFC 6266 UTF-8 name', () => {
    expect(fileNameFromDisposition('attachment; filename="extrato-03-2026.csv"')).toBe('extrato-03-2026.csv');
    expect(fileNameFromDisposition('attachment; filename=extrato-03-2026.csv; size=10')).toBe(
      'extrato-03-2026.csv',
    );
    expect(
      fileNameFromDisposition(
        'attachment; filename="x.csv"; filename*=UTF-8\'\'relat%C3%B3rio%20mar%C3%A7o.csv',
      ),
    ).toBe('relatório março.csv');
  });

  it('has no name for a missing header or a bare directory, and drops any path the server sends', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=".."')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename="../../etc/extrato.csv"')).toBe('extrato.csv');
    expect(fileNameFromDisposition('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="ok.csv"')).toBe(
      'ok.csv',
    );
  });
});

describe('saveFile', () => {
  afterEach(() => vi.restoreAllMocks());

  it('clicks a link to an object URL with the download name', () => {
    const created = vi.fn(() => 'blob:extrato');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    saveFile(new Blob(['a;b']), 'extrato-03-2026.csv');
    expect(clicked).toEqual([{ href: 'blob:extrato', download: 'extrato-03-2026.csv' }]);
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
