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

/**
 * Error reporting (spec 8: "errors are reported"). Like analytics, Drip has no error-tracking vendor yet: a
 * report goes to the browser console (`console.error`, in every build, so that a support person can read it on
 * the shopper's screen), and a real reporter replaces the sink later. Tests install their own.
 */
export interface ErrorReport {
  /** Where it failed ('checkout', ...). */
  source: string;
  message: string;
  props: TrackProps;
}
export type ReportSink = (report: ErrorReport) => void;

const consoleReportSink: ReportSink = (report) =>
  console.error('[report]', report.source, report.message, report.props);

let reportSink: ReportSink = consoleReportSink;

/** Replaces the report sink; returns a function that restores the previous one. */
export function setReportSink(next: ReportSink): () => void {
  const previous = reportSink;
  reportSink = next;
  return () => {
    reportSink = previous;
  };
}

/** Reports an error. Never throws: reporting must not break a page. */
export function reportError(source: string, message: string, props: TrackProps = {}): void {
  try {
    reportSink({ source, message, props });
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
