import { configure } from '@testing-library/react';

// findBy/waitFor give up after 1 s by default: on a 2-core CI machine running several test files at once, a screen
// can take longer than that to render, and a test would fail for the machine's load, not for the code.
configure({ asyncUtilTimeout: 5000 });
