import { useEffect } from 'react';
import { APP_STORE_URL, PLAY_STORE_URL } from '../links.ts';
import { detectMobileOs } from '../routes.ts';
import { APP_DOWNLOAD_EVENTS, track } from './track.ts';

export interface AppDownloadProps {
  userAgent: string;
  /** Leaves the page for a store; `location.replace` by default (injectable for tests and stories). */
  redirect?: (url: string) => void;
}

/**
 * Spec 2.5 "App download": phones go straight to their store; desktops see both store buttons. Analytics: the
 * view (with the detected OS), the automatic redirect and each store button click (see `track.ts`).
 */
export function AppDownload({ userAgent, redirect }: AppDownloadProps) {
  const os = detectMobileOs(userAgent);
  useEffect(() => {
    track(APP_DOWNLOAD_EVENTS.viewed, { os: os ?? 'OTHER' });
    const go = redirect ?? ((url: string) => window.location.replace(url));
    const store = os === 'ANDROID' ? PLAY_STORE_URL : os === 'IOS' ? APP_STORE_URL : null;
    if (store && os) {
      track(APP_DOWNLOAD_EVENTS.redirected, { os, url: store });
      go(store);
    }
  }, [os, redirect]);
  return (
    <main className="page page--center">
      <div className="brand">drip</div>
      <h1 className="title">Baixe o app Drip para pagar as suas parcelas</h1>
      <div className="stores">
        <a
          className="store-button"
          href={APP_STORE_URL}
          onClick={() => track(APP_DOWNLOAD_EVENTS.storeClicked, { store: 'IOS' })}
        >
          Baixar na App Store
        </a>
        <a
          className="store-button"
          href={PLAY_STORE_URL}
          onClick={() => track(APP_DOWNLOAD_EVENTS.storeClicked, { store: 'ANDROID' })}
        >
          Disponível no Google Play
        </a>
      </div>
    </main>
  );
}

export default AppDownload;
