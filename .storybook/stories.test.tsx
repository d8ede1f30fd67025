/**
 * Every story of the Storybook as a test (portable stories in jsdom): it renders, its play function (if any)
 * passes, nothing is logged through console.error, and its `parameters.keyText` shows on the page. Stories are
 * found with the same globs as main.ts, so a new story is tested without editing this file.
 */
import { DENIAL_REASONS } from '@drip/core';
import { composeStories } from '@storybook/react';
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

type StoryModule = Parameters<typeof composeStories>[0];

/** What a composed story offers this test (checked, since `composeStories` of a generic module is untyped). */
interface Playable {
  run(): Promise<void>;
  parameters: Record<string, unknown>;
}

function isPlayable(value: unknown): value is Playable {
  return (
    typeof value === 'function' &&
    'run' in value &&
    typeof value.run === 'function' &&
    'parameters' in value &&
    typeof value.parameters === 'object' &&
    value.parameters !== null
  );
}

function storiesOf(module: StoryModule): [string, Playable][] {
  return Object.entries(composeStories(module)).map(([name, story]): [string, Playable] => {
    if (!isPlayable(story)) throw new Error(`${name} is not a composed story`);
    return [name, story];
  });
}

const modules: Record<string, StoryModule> = {
  ...import.meta.glob<StoryModule>('../packages/checkout-ui/src/**/*.stories.tsx', { eager: true }),
  ...import.meta.glob<StoryModule>('../packages/portals/src/**/*.stories.tsx', { eager: true }),
};

function keyTexts(parameters: Record<string, unknown>): string[] {
  const key = parameters.keyText;
  if (typeof key === 'string') return [key];
  if (Array.isArray(key) && key.every((k) => typeof k === 'string')) return key;
  return [];
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe.each(Object.entries(modules))('%s', (_file, module) => {
  const stories = storiesOf(module);
  it('has stories', () => {
    expect(stories.length).toBeGreaterThan(0);
  });
  it.each(stories)('%s', async (_name, Story) => {
    const expected = keyTexts(Story.parameters);
    expect(expected, 'every story names its key text in parameters.keyText').not.toHaveLength(0);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // Portable stories render with React's act() and then run the play function.
      await Story.run();
      await vi.waitFor(
        () => {
          for (const text of expected) expect(document.body.textContent).toContain(text);
        },
        { timeout: 5_000 },
      );
      // React's note that a state update of an earlier story's async work (a lazy chunk, a fake API answer) landed
      // after that story's act() is about the test environment, not the story: every other error fails it.
      const real = errors.mock.calls.filter(
        (call) =>
          !String(call[0]).includes('The current testing environment is not configured to support act'),
      );
      expect(real).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });
});

describe('coverage', () => {
  it('every denial reason of core has its own story', () => {
    const reasons = new Set<unknown>(
      Object.values(modules).flatMap((module) =>
        storiesOf(module).map(([, story]) => story.parameters.deniedReason),
      ),
    );
    for (const reason of DENIAL_REASONS) expect(reasons.has(reason), reason).toBe(true);
  });
});
