/**
 * Product analytics of the public pages (spec 2.5 "App download: analytics events fired"). Drip has no analytics
 * vendor yet, so events go to a sink chosen at start-up: the browser console in development (to see them fire),
 * nothing in production. Nothing is sent to a third party. A real sink replaces `setTrackSink` later; tests and
 * stories install their own.
 */
export type TrackProps = Readonly<Record<string, string | number | boolean | null>>;
export type TrackSink = (event: string, props: TrackProps) => void;

const consoleSink: TrackSink = (event, props) => console.info('[track]', event, props);
const noopSink: TrackSink = () => undefined;

let sink: TrackSink = import.meta.env.DEV ? consoleSink : noopSink;

/** Replaces the sink; returns a function that restores the previous one. */
export function setTrackSink(next: TrackSink): () => void {
  const previous = sink;
  sink = next;
  return () => {
    sink = previous;
  };
}

/** Records `event` with `props`. Never throws: analytics must not break a page. */
export function track(event: string, props: TrackProps = {}): void {
  try {
    sink(event, props);
  } catch {
    // A failing sink is ignored on purpose (see above).
  }
}

/** The events of the app download page. */
export const APP_DOWNLOAD_EVENTS = {
  viewed: 'app_download_viewed',
  redirected: 'app_download_store_redirect',
  storeClicked: 'app_download_store_clicked',
} as const;
