import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_STORE_URL, PLAY_STORE_URL } from '../links.ts';
import { AppDownload } from './AppDownload.tsx';
import { setTrackSink, type TrackProps, track } from './track.ts';

const events: [string, TrackProps][] = [];
setTrackSink((event, props) => events.push([event, props]));
afterEach(() => {
  cleanup();
  events.length = 0;
});

describe('app download (spec 2.5)', () => {
  it('desktop: both store buttons, the text, a view event and click events', () => {
    const redirect = vi.fn();
    render(<AppDownload userAgent="Mozilla/5.0 (X11; Linux x86_64)" redirect={redirect} />);
    expect(screen.getByRole('heading').textContent).toBe('Baixe o app Drip para pagar as suas parcelas');
    expect(redirect).not.toHaveBeenCalled();
    const play = screen.getByRole('link', { name: 'Disponível no Google Play' });
    play.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(play);
    expect(events).toEqual([
      ['app_download_viewed', { os: 'OTHER' }],
      ['app_download_store_clicked', { store: 'ANDROID' }],
    ]);
  });

  it.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8)', 'ANDROID', PLAY_STORE_URL],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', 'IOS', APP_STORE_URL],
  ])('%s goes to its store and says so', (userAgent, os, url) => {
    const redirect = vi.fn();
    render(<AppDownload userAgent={userAgent} redirect={redirect} />);
    expect(redirect).toHaveBeenCalledWith(url);
    expect(events).toEqual([
      ['app_download_viewed', { os }],
      ['app_download_store_redirect', { os, url }],
    ]);
  });

  it('a failing sink never breaks the page', () => {
    const undo = setTrackSink(() => {
      throw new Error('sink down');
    });
    expect(() => track('x')).not.toThrow();
    undo();
    track('y', { n: 1 });
    expect(events).toEqual([['y', { n: 1 }]]);
  });
});
