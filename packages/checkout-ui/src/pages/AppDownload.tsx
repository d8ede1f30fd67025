import { useEffect } from 'react';
import { APP_STORE_URL, PLAY_STORE_URL } from '../links.ts';
import { detectMobileOs } from '../routes.ts';

/** Spec 2.5 "App download": phones go straight to their store; desktops see both store buttons. */
export function AppDownload({ userAgent }: { userAgent: string }) {
  const os = detectMobileOs(userAgent);
  useEffect(() => {
    if (os === 'ANDROID') window.location.replace(PLAY_STORE_URL);
    if (os === 'IOS') window.location.replace(APP_STORE_URL);
  }, [os]);
  return (
    <main className="page page--center">
      <div className="brand">drip</div>
      <h1 className="title">Baixe o app Drip para pagar as suas parcelas</h1>
      <div className="stores">
        <a className="store-button" href={APP_STORE_URL}>
          Baixar na App Store
        </a>
        <a className="store-button" href={PLAY_STORE_URL}>
          Disponível no Google Play
        </a>
      </div>
    </main>
  );
}

export default AppDownload;
