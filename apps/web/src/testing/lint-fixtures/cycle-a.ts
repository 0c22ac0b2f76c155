// Half of an import cycle that boundaries.test.ts expects lint to report (eslint ignores this folder).
import { countB } from './cycle-b.ts';

export const countA = (): number => countB() + 1;
