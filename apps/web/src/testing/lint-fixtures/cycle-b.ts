// The other half of the cycle in cycle-a.ts.
import { countA } from './cycle-a.ts';

export const countB = (): number => 1;
export const countBoth = (): number => countA() + countB();
