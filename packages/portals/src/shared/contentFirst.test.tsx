import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContentFirstProvider, useAfterMainContent, useMainContentArrived } from './contentFirst.tsx';

function Secondary() {
  return <p>{useAfterMainContent() ? 'chart' : 'placeholder'}</p>;
}

function Main({ done }: { done: boolean }) {
  useMainContentArrived(done);
  return null;
}

describe('content first', () => {
  it('holds a secondary part until the main content arrived, and keeps it once it did', () => {
    const page = (done: boolean) => (
      <ContentFirstProvider>
        <Secondary />
        <Main done={done} />
      </ContentFirstProvider>
    );
    const { rerender } = render(page(false));
    expect(screen.getByText('placeholder')).toBeTruthy();
    rerender(page(true));
    expect(screen.getByText('chart')).toBeTruthy();
    // A new page of the list (its data loading again) does not take the chart away.
    rerender(page(false));
    expect(screen.getByText('chart')).toBeTruthy();
  });

  it('lets a part rendered alone (a story, a test) load at once', () => {
    render(<Secondary />);
    expect(screen.getByText('chart')).toBeTruthy();
  });
});
