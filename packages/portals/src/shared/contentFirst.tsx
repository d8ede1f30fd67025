import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

/**
 * "Content first": a page's secondary parts (the sales chart, 130 KB of charting code) wait until its main content
 * (the list below them) has arrived, so the first usable screen does not wait for them. The page's layout provides
 * the signal, its main content raises it once its data came (or failed), and a secondary part asks for it. Without
 * a provider (a story, a test of the part alone) everything counts as arrived.
 */
interface ContentFirst {
  arrived: boolean;
  markArrived: () => void;
}

const Context = createContext<ContentFirst | null>(null);

export function ContentFirstProvider({ children }: { children: ReactNode }) {
  const [arrived, setArrived] = useState(false);
  const [value] = useState(() => ({ markArrived: () => setArrived(true) }));
  return <Context.Provider value={{ arrived, markArrived: value.markArrived }}>{children}</Context.Provider>;
}

/** The main content says that it is on screen (once `done`; it stays so). */
export function useMainContentArrived(done: boolean): void {
  const context = useContext(Context);
  useEffect(() => {
    if (done) context?.markArrived();
  }, [done, context]);
}

/** Whether a secondary part may load now. */
export function useAfterMainContent(): boolean {
  const context = useContext(Context);
  return context ? context.arrived : true;
}
